import type { ValidationIssue } from "@wsafe/schema";
import type { WsafeError } from "./errors/WsafeError.js";
import type { FetchLike } from "./FetchLike.js";

/**
 * How failed attempts are retried. A retry is safe for every method: a read changes
 * nothing, and the client sends every write with an `idempotency_key` (its own unless the
 * caller gives one), which the server answers a second time without writing twice.
 * `rate_limit_exceeded` waits `Retry-After`; a dropped connection or a reply that is not
 * the envelope waits an exponential backoff with jitter (a write also after
 * `server_error`, as its key makes that safe). Other failures, timeouts and aborts are
 * never retried.
 *
 * @example
 * createClient({ baseUrl, token, retries: { maxRetries: 5, maxDelayMs: 10_000 } });
 * @see https://docs.wsafe.dev/client/retries/
 */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  maxRetries?: number;
  /** Backoff before the first retry; it doubles with each retry, and each wait is jittered to 50-100 %. Default 250. */
  minDelayMs?: number;
  /** The longest wait. A `Retry-After` above it is not waited for: the rate-limit error is thrown at once. Default 30 000. */
  maxDelayMs?: number;
}

/**
 * What `onRetry` is told before each wait.
 *
 * @example
 * createClient({ baseUrl, token, onRetry: ({ method, attempt, delayMs, error }) =>
 *   console.warn(`${method} attempt ${attempt} failed (${error.code}), retrying in ${delayMs} ms`) });
 */
export interface RetryEvent {
  /** The wire name of the method. */
  method: string;
  /** The attempt that failed: 1 for the first request. */
  attempt: number;
  /** How long the client waits before the next attempt. */
  delayMs: number;
  /** Why the attempt failed. */
  error: WsafeError;
}

/**
 * Checks a decoded reply body against the contract; returns the issues, none when valid.
 * `@wsafe/client/validate` exports one built on `@wsafe/schema` (and so on zod).
 *
 * @example
 * import { validateResponse } from "@wsafe/client/validate";
 * createClient({ baseUrl, token, validateResponses: validateResponse });
 */
export type ResponseValidator = (method: string, body: unknown) => readonly ValidationIssue[];

/**
 * Per-call options, the last argument of every method.
 *
 * @example
 * await client.resources.list({}, { signal: controller.signal, timeoutMs: 5_000, method: "GET" });
 */
export interface CallOptions {
  /** Aborts the call, also between retries; the call then throws a `WsafeAbortError`. */
  signal?: AbortSignal;
  /** Overrides the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  /** Overrides the client's HTTP method for this call. */
  method?: "POST" | "GET";
}

/**
 * Options of {@link createClient}.
 *
 * @example
 * const options: ClientOptions = { baseUrl: "https://wsafe.example.com", token: process.env.WSAFE_TOKEN! };
 */
export interface ClientOptions {
  /** Where the service lives, without `/v1`: `https://wsafe.example.com` (a path prefix is kept). */
  baseUrl: string;
  /** The API token sent as `token` in every request; a call may pass its own `token`. */
  token: string;
  /** The `fetch` to use. Default: the global `fetch`, looked up at each call. */
  fetch?: FetchLike;
  /** `"POST"` (default): the JSON request data is the body. `"GET"`: it is the query string, percent-encoded. */
  method?: "POST" | "GET";
  /** Milliseconds a call may take, retries and their waits included; 0 or Infinity for no limit. Default 60 000. */
  timeoutMs?: number;
  /** Retry policy, or `false` for a single attempt. */
  retries?: RetryOptions | false;
  /** Called before each retry's wait; throwing from it ends the call with that error. */
  onRetry?: (event: RetryEvent) => void;
  /** Checks each reply against the schema; off by default. Pass `validateResponse` from `@wsafe/client/validate`. */
  validateResponses?: ResponseValidator;
  /** Prefix of the `<prefix>-Request-ID` and `<prefix>-Response-Time` headers. Default `"SVC"`. */
  headerPrefix?: string;
}
