import { type ClientOptions, createClient, type WsafeClient } from "@wsafe/client";
import { Agent, fetch as undiciFetch } from "undici";

/**
 * A `@wsafe/client` that calls through the proxy, trusting its certificate (and only
 * that one), with the client's default retries unless told otherwise.
 *
 * @param proxyUrl - the proxy's HTTPS URL
 * @param certificate - the PEM certificate it presents
 * @param options - more client options (`token`, `retries`, `onRetry`...)
 */
export function proxyClient(
  proxyUrl: string,
  certificate: string,
  options: Omit<ClientOptions, "baseUrl" | "fetch">,
): { client: WsafeClient; close(): Promise<void> } {
  const dispatcher = new Agent({ connect: { ca: certificate }, connections: 16 });
  const client = createClient({
    ...options,
    baseUrl: proxyUrl,
    fetch: (url, init) => undiciFetch(url, { ...init, dispatcher }),
  });
  return { client, close: () => dispatcher.close() };
}
