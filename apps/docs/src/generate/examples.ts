// The copy-pasteable forms of one example request: curl over GET and POST, and the
// @wsafe/client call. Shared by the method pages and their tests.
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
  return `curl -k "${baseUrl}/v1/${method}?${encodeURIComponent(JSON.stringify(request))}"`;
}

/** The POST form: the request data's JSON is the body. */
export function curlPost(method: string, request: RequestData, baseUrl = defaultBaseUrl): string {
  return [
    `curl -k ${baseUrl}/v1/${method} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(JSON.stringify(request))}`,
  ].join("\n");
}

/** The same request through @wsafe/client; the token moves into the client's options. */
export function clientSnippet(method: string, request: RequestData, baseUrl = defaultBaseUrl): string {
  const { token: _token, ...params } = request;
  return [
    `import { createClient } from "@wsafe/client";`,
    "",
    `const client = createClient({ baseUrl: ${JSON.stringify(baseUrl)}, token: process.env.WSAFE_TOKEN! });`,
    `const result = await client.call(${JSON.stringify(method)}, ${JSON.stringify(params, null, 2)});`,
    "console.log(result);",
  ].join("\n");
}
