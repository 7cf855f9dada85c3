// Wires up the try-it consoles that the method pages hold as static HTML
// (src/generate/tryItConsoleHtml.ts): sends the request with @wsafe/client and shows the
// answer's body and its request-id and response-time headers.

import { headerNames } from "@wsafe/schema/wire";

/** localStorage key of the base URL, shared by every method page. */
export const baseUrlStorageKey = "wsafe-docs:base-url";

interface Exchange {
  response?: Response;
  bodyText?: string;
}

function field(root: Element, name: string): HTMLElement {
  return root.querySelector(`[data-field="${name}"]`) as HTMLElement;
}

function formatBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function readStoredBaseUrl(): string | null {
  try {
    return localStorage.getItem(baseUrlStorageKey);
  } catch {
    return null; // storage can be disabled; the default in the form then stays
  }
}

function storeBaseUrl(value: string) {
  try {
    localStorage.setItem(baseUrlStorageKey, value);
  } catch {
    // Not remembering the URL is harmless.
  }
}

async function send(consoleElement: HTMLElement, form: HTMLFormElement) {
  const method = consoleElement.dataset.method!;
  const data = new FormData(form);
  const baseUrl = String(data.get("baseUrl")).trim().replace(/\/+$/, "");
  const token = String(data.get("token"));
  const httpMethod = data.get("httpMethod") === "GET" ? "GET" : "POST";
  const result = consoleElement.querySelector(".try-it-result") as HTMLElement;
  const show = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) field(consoleElement, name).textContent = value;
    result.hidden = false;
  };
  storeBaseUrl(baseUrl);

  let params: Record<string, unknown>;
  try {
    const parsed = JSON.parse(String(data.get("params")) || "{}") as unknown;
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      throw new Error("not a JSON object");
    params = parsed as Record<string, unknown>;
  } catch (error) {
    show({
      status: "not sent",
      requestId: "",
      responseTime: "",
      sentWith: "",
      body: `Parameters: ${String(error)}`,
    });
    return;
  }

  const { createClient, clientName } = await import("virtual:wsafe-client");
  const exchange: Exchange = {};
  // The client reads the body itself; a clone lets the console show it verbatim,
  // failures included, whatever the client returns or throws.
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    exchange.response = response;
    exchange.bodyText = await response.clone().text();
    return response;
  };
  const button = form.querySelector("button") as HTMLButtonElement;
  button.disabled = true;
  show({ status: "sending...", requestId: "", responseTime: "", sentWith: clientName, body: "" });
  let thrown: unknown;
  try {
    // One attempt: the console shows what the server answered, not what a retry got.
    await createClient({ baseUrl, token, fetch: recordingFetch, method: httpMethod, retries: false }).call(
      method,
      params,
    );
  } catch (error) {
    thrown = error;
  } finally {
    button.disabled = false;
  }
  const { response, bodyText } = exchange;
  if (!response) {
    show({
      status: "no answer",
      requestId: "",
      responseTime: "",
      sentWith: clientName,
      body: `${String(thrown)}\n\nIs a server running at ${baseUrl}? With HTTPS and a self-signed certificate, open ${baseUrl}/ in this browser once and accept the certificate.`,
    });
    return;
  }
  const notExposed = "(not readable: the server does not expose it to this origin)";
  // The docs describe a server with the default header prefix.
  const names = headerNames();
  show({
    status: `${response.status} ${response.statusText}`.trim(),
    requestId: response.headers.get(names.requestId) ?? notExposed,
    responseTime: response.headers.has(names.responseTime)
      ? `${response.headers.get(names.responseTime)} ms`
      : notExposed,
    sentWith: `${clientName}, ${httpMethod}`,
    body: formatBody(bodyText ?? ""),
  });
}

/**
 * This page's own origin, where `wsafe serve` (and so `npm start`) serves the API beside
 * the site: calls there need no other certificate exception and no CORS. Undefined for a
 * page that has none (opened from a file).
 */
function pageOrigin(): string | undefined {
  return /^https?:$/.test(location.protocol) ? location.origin : undefined;
}

/**
 * Activates every try-it console under `root`. The base URL is the one the reader last
 * sent to, else this page's origin, else the address `npm start` prints (in the HTML).
 */
export function mountTryItConsoles(root: ParentNode) {
  for (const consoleElement of root.querySelectorAll<HTMLElement>(".try-it")) {
    const form = consoleElement.querySelector("form") as HTMLFormElement;
    const baseUrlInput = form.elements.namedItem("baseUrl") as HTMLInputElement;
    baseUrlInput.value = readStoredBaseUrl() ?? pageOrigin() ?? baseUrlInput.value;
    baseUrlInput.addEventListener("change", () => storeBaseUrl(baseUrlInput.value.trim()));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      void send(consoleElement, form);
    });
    consoleElement.dataset.ready = "true";
  }
}
