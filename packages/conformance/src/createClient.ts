import { requestMediaType } from "@wsafe/schema";
import { Agent, fetch as undiciFetch } from "undici";

/** One HTTP exchange as the kit saw it. */
export interface ApiResponse {
  status: number;
  headers: Headers;
  /** The body as text. */
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** What the request was, for messages: `POST /v1/users.info`. */
  label: string;
}

/** How to send one request. */
export interface ApiRequest {
  /** The path after the base URL, e.g. `/v1/users.info`, query string included. */
  path: string;
  /** HTTP method. Default `POST`. */
  method?: string;
  /** The body, sent as is. */
  body?: string;
  headers?: Record<string, string>;
}

/** Sends requests to one deployment. */
export type ApiClient = (request: ApiRequest) => Promise<ApiResponse>;

/**
 * A client for one base URL. With `insecure` it uses undici's fetch with an agent that
 * accepts any certificate (self-signed test deployments); the platform's fetch cannot
 * be told so without a global switch.
 *
 * @example
 * const call = createClient({ baseUrl: "https://127.0.0.1:8443", insecure: true });
 * const response = await call({ path: "/v1/resources.list", body: '{"token":"t"}' });
 */
export function createClient(options: {
  baseUrl: string;
  insecure?: boolean;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  let send: typeof globalThis.fetch;
  if (options.fetch) send = options.fetch;
  else if (options.insecure) {
    const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
    send = ((url: string, init: RequestInit) =>
      undiciFetch(url, { ...(init as object), dispatcher } as Parameters<
        typeof undiciFetch
      >[1])) as unknown as typeof globalThis.fetch;
  } else send = globalThis.fetch;
  return async ({ path, method = "POST", body, headers }) => {
    const response = await send(`${base}${path}`, {
      method,
      ...(body === undefined ? {} : { body }),
      headers: { ...(body === undefined ? {} : { "content-type": requestMediaType }), ...headers },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json, label: `${method} ${path}` };
  };
}
