// A stand-in with the API @wsafe/client promises (`createClient({ baseUrl, token,
// fetch, method })`, `client.call(method, params)`). Used only while that package is
// not built, so the console works and the docs build never fails; the console says
// which of the two sent a request.

import { methodUrlPath, requestMediaType } from "@wsafe/schema/wire";

interface ClientOptions {
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  method?: "POST" | "GET";
  /** Accepted for the same signature; the stand-in never retries. */
  retries?: false;
}

/** Sends /v1 requests over the wire format of the conventions page. */
export function createClient({
  baseUrl,
  token,
  fetch: fetchImpl = globalThis.fetch,
  method = "POST",
}: ClientOptions) {
  return {
    async call(name: string, params: Record<string, unknown> = {}): Promise<unknown> {
      const data = JSON.stringify({ ...params, token });
      const url = `${baseUrl.replace(/\/+$/, "")}${methodUrlPath(name)}`;
      const response =
        method === "GET"
          ? await fetchImpl(`${url}?${encodeURIComponent(data)}`)
          : await fetchImpl(url, {
              method: "POST",
              headers: { "content-type": requestMediaType },
              body: data,
            });
      return response.json();
    },
  };
}
