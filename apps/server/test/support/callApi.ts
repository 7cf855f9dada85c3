import type { Readable } from "node:stream";
import { Agent, request } from "undici";

/** Accepts the self-signed certificates the test servers make. */
export const insecureAgent = new Agent({ connect: { rejectUnauthorized: false } });

/** One answer of the server, as the tests look at it. */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the tests look into bodies of every shape
  body: any;
}

/** How to send a request. */
export interface CallOptions {
  method?: string;
  /** POST body (raw) or, for GET, an object sent as the percent-encoded query string. */
  data?: unknown;
  /** A raw query string (after `?`), used as is. */
  query?: string;
  /** A raw body, used as is (a stream is sent as it is written). */
  body?: string | Buffer | Readable;
  headers?: Record<string, string>;
}

/**
 * Sends one request to a test server over real HTTPS (or HTTP) and reads the answer.
 *
 * @param baseUrl - the server's URL
 * @param path - e.g. `/v1/users.info`
 */
export async function callApi(baseUrl: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
  const method = options.method ?? "POST";
  let url = `${baseUrl}${path}`;
  let body = options.body;
  if (options.query !== undefined) url += `?${options.query}`;
  else if (method === "GET" && options.data !== undefined)
    url += `?${encodeURIComponent(JSON.stringify(options.data))}`;
  if (body === undefined && method !== "GET" && options.data !== undefined)
    body = JSON.stringify(options.data);
  const response = await request(url, {
    method: method as "POST",
    body,
    headers: options.headers,
    dispatcher: insecureAgent,
  });
  const text = await response.body.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.statusCode, headers: response.headers, text, body: parsed };
}

/**
 * Calls a method with GET or POST, the request data sent the way that HTTP method carries it.
 */
export function callMethod(
  baseUrl: string,
  httpMethod: "GET" | "POST",
  method: string,
  data: unknown,
): Promise<ApiAnswer> {
  return callApi(baseUrl, `/v1/${method}`, { method: httpMethod, data });
}
