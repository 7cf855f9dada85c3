import { headerNames, idempotencyKeyParameter, isWriteMethod } from "@wsafe/schema/wire";
import type { CallOptions, ClientOptions, ResponseValidator } from "../ClientOptions.js";
import { isWsafeError } from "../errors/isWsafeError.js";
import type { WsafeError } from "../errors/WsafeError.js";
import type { FetchLike, ResponseLike } from "../FetchLike.js";
import { type ResponseMeta, responseMeta } from "../ResponseMeta.js";
import { encodeRequest } from "./encodeRequest.js";
import { abortErrorFromReason } from "./errors/abortErrorFromReason.js";
import { apiErrorFromBody } from "./errors/apiErrorFromBody.js";
import { timeoutErrorAfter } from "./errors/timeoutErrorAfter.js";
import { transportErrorFromCause } from "./errors/transportErrorFromCause.js";
import { transportErrorFromReply } from "./errors/transportErrorFromReply.js";
import { validationErrorFromIssues } from "./errors/validationErrorFromIssues.js";
import { metaFromHeaders } from "./metaFromHeaders.js";
import { newIdempotencyKey } from "./newIdempotencyKey.js";
import { parseEnvelope } from "./parseEnvelope.js";
import { parseRetryAfter } from "./parseRetryAfter.js";
import { type RetryPolicy, retryDelay } from "./retryDelay.js";
import { sleep } from "./sleep.js";
import { untilAborted } from "./untilAborted.js";

/**
 * {@link ClientOptions} with every default filled in.
 *
 * @example
 * const config: ClientConfig = { baseUrl, token, fetch: undefined, method: "POST", timeoutMs: 60_000,
 *   retries: { maxRetries: 3, minDelayMs: 250, maxDelayMs: 30_000 }, onRetry: undefined, validate: undefined, headerPrefix: "SVC" };
 */
export interface ClientConfig {
  baseUrl: string;
  token: string;
  fetch: FetchLike | undefined;
  method: "POST" | "GET";
  timeoutMs: number;
  retries: RetryPolicy;
  onRetry: ClientOptions["onRetry"];
  validate: ResponseValidator | undefined;
  headerPrefix: string;
}

/**
 * Calls one method: sends the request, reads the reply, retries what may be retried,
 * and ends with the success body (meta attached) or one `WsafeError`.
 *
 * @example
 * const body = await callMethod(config, "users.info", { user: "u_ada" }, { timeoutMs: 5_000 });
 */
export async function callMethod(
  config: ClientConfig,
  method: string,
  params: object | undefined,
  options: CallOptions = {},
): Promise<object> {
  // Looked up per call so that a polyfill or a test stub installed later is used; called
  // as a plain function because browsers refuse a `fetch` called on another object.
  const fetch = config.fetch ?? globalThis.fetch;
  if (typeof fetch !== "function")
    throw new TypeError("@wsafe/client: no global fetch; pass createClient({ fetch })");
  const data: Record<string, unknown> = {
    ...params,
    token: (params as { token?: string } | undefined)?.token ?? config.token,
  };
  // A write gets a key of its own, once per call: every try sends the same, so the service
  // answers a repeat with the first answer and the call may be sent again. Told by its
  // name (`isWriteMethod`), so that no list of methods grows here.
  const write = isWriteMethod(method);
  if (write) data[idempotencyKeyParameter] ??= newIdempotencyKey();
  const httpMethod = options.method ?? config.method;
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  const { signal: callerSignal } = options;

  // One controller stops everything in flight: the caller's abort and the call's deadline.
  const controller = new AbortController();
  const { signal } = controller;
  let timedOut = false;
  // Timers overflow past 2^31 - 1 ms (and would fire at once), so a longer limit, like Infinity, means none.
  const limited = timeoutMs > 0 && timeoutMs < 2 ** 31;
  const deadline = limited ? Date.now() + timeoutMs : Number.POSITIVE_INFINITY;
  const timer = limited
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs)
    : undefined;
  // Called or added as a listener only when the caller gave a signal; `finally` takes it off again.
  const forwardAbort = () => controller.abort(callerSignal!.reason);
  if (callerSignal?.aborted) forwardAbort();
  else callerSignal?.addEventListener("abort", forwardAbort);

  // What the last reply said: set afresh by each try, before anything reads it.
  let meta: ResponseMeta;
  // Not timed out, the call was stopped by the caller's signal, whose reason it carries.
  const stopped = (): WsafeError =>
    timedOut ? timeoutErrorAfter(method, timeoutMs, meta) : abortErrorFromReason(method, signal.reason, meta);

  try {
    for (let attempt = 1; ; attempt++) {
      meta = { requestId: undefined, responseTime: undefined, status: undefined, attempts: attempt };
      let error: WsafeError;
      try {
        if (signal.aborted) throw stopped();
        const [url, init] = encodeRequest(config.baseUrl, method, data, httpMethod, signal);
        let response: ResponseLike;
        let text: string;
        try {
          response = await untilAborted(fetch(url, init), signal);
          meta = metaFromHeaders(response, config.headerPrefix, attempt);
          text = await untilAborted(response.text(), signal);
        } catch (cause) {
          throw signal.aborted ? stopped() : transportErrorFromCause(method, cause, meta);
        }
        const body = parseEnvelope(text);
        if (body === undefined) throw transportErrorFromReply(method, text, meta);
        const issues = config.validate?.(method, body);
        if (issues?.length) throw validationErrorFromIssues(method, issues, meta);
        if (!body.ok) {
          throw apiErrorFromBody(
            method,
            body,
            meta,
            parseRetryAfter(response.headers.get(headerNames(config.headerPrefix).retryAfter)),
          );
        }
        Object.defineProperty(body, responseMeta, { value: meta });
        return body;
      } catch (thrown) {
        if (!isWsafeError(thrown)) throw thrown;
        error = thrown;
      }
      const delayMs = retryDelay(error, attempt, config.retries, write);
      // A wait that would end past the deadline cannot lead anywhere: the failure itself says more than a timeout would.
      if (delayMs === undefined || signal.aborted || Date.now() + delayMs >= deadline) throw error;
      config.onRetry?.({ method, attempt, delayMs, error });
      try {
        await sleep(delayMs, signal);
      } catch {
        throw stopped();
      }
    }
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", forwardAbort);
  }
}
