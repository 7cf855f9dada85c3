/**
 * The request the client hands to `fetch`: a subset of `RequestInit`, so the global
 * `fetch` of Node, browsers, workers and edge runtimes, undici's `fetch`, or a test
 * double all fit.
 *
 * @example
 * const init: FetchInit = { method: "GET", headers: {}, signal: AbortSignal.timeout(1000) };
 */
export interface FetchInit {
  /** `"POST"` or `"GET"`. */
  method: string;
  /** Request headers; empty for GET, so that browsers send a simple request without a CORS pre-flight. */
  headers: Record<string, string>;
  /** The JSON request data (POST only). */
  body?: string;
  /** Aborts the exchange: the caller's signal or the call's timeout. */
  signal: AbortSignal;
}

/**
 * The part of a `Response` the client reads.
 *
 * @example
 * const reply: ResponseLike = new Response("{\"ok\":true}", { headers: { "SVC-Request-ID": "r1" } });
 */
export interface ResponseLike {
  /** The HTTP status; /v1 answers 200, also for failures. */
  readonly status: number;
  /** The response headers, looked up case-insensitively. */
  readonly headers: { get(name: string): string | null };
  /** The whole body as text. */
  text(): Promise<string>;
}

/**
 * A `fetch` the client can use; pass one in `createClient({ fetch })` to add an agent,
 * a proxy, logging or a test double.
 *
 * @example
 * import { Agent, fetch as undiciFetch } from "undici";
 * const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
 * const fetch: FetchLike = (url, init) => undiciFetch(url, { ...init, dispatcher });
 */
export type FetchLike = (url: string, init: FetchInit) => Promise<ResponseLike>;
