// The copy-pasteable forms of one example request: curl over GET and POST, and the
// @wsafe/client call. Shared by the method pages and their tests.
import { methodUrlPath, requestMediaType } from "@wsafe/schema";
import { defaultBaseUrl } from "./sitePaths.js";

type RequestData = Record<string, unknown>;

/** Wraps text in single quotes for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The GET form: the request data's JSON, percent-encoded, is the whole query string. */
export function curlGet(method: string, request: RequestData, baseUrl = defaultBaseUrl): string {
  // encodeURIComponent leaves only A-Z a-z 0-9 - _ . ! ~ * ' ( ), none of which a
  // double-quoted shell word treats specially.
  return `curl -k "${baseUrl}${methodUrlPath(method)}?${encodeURIComponent(JSON.stringify(request))}"`;
}

/**
 * The POST form: the request data's JSON is the body, sent as JSON. curl's `-d` alone
 * would say form-urlencoded, which a validating proxy reading the OpenAPI document
 * checks as a form.
 */
export function curlPost(method: string, request: RequestData, baseUrl = defaultBaseUrl): string {
  return [
    `curl -k ${baseUrl}${methodUrlPath(method)} \\`,
    `  -H 'Content-Type: ${requestMediaType}' \\`,
    `  -d ${shellQuote(JSON.stringify(request))}`,
  ].join("\n");
}

/**
 * The same request through @wsafe/client; the token moves into the client's options.
 * Shows both spellings the client offers: the method as a path, and `call` by wire name.
 */
export function clientSnippet(method: string, request: RequestData, baseUrl = defaultBaseUrl): string {
  const { token: _token, ...params } = request;
  const json = JSON.stringify(params, null, 2);
  return [
    `import { createClient } from "@wsafe/client";`,
    "",
    `const client = createClient({ baseUrl: ${JSON.stringify(baseUrl)}, token: process.env.WSAFE_TOKEN! });`,
    `const result = await client.${method}(${json});`,
    "console.log(result);",
    "",
    "// The same call by the method's wire name:",
    `await client.call(${JSON.stringify(method)}, ${json});`,
  ].join("\n");
}
