import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { performance } from "node:perf_hooks";
import { durationWords } from "@wsafe/schema";
import { describeSendError } from "./describeSendError.js";
import { ForbiddenAddressError, guardedLookup, type SystemLookup } from "./guardedLookup.js";
import { judgeEndpointUrl, type UrlAllowances, type UrlRefusal } from "./judgeEndpointUrl.js";
import { withSystemRoots } from "./withSystemRoots.js";

/** One POST to make: the endpoint, the signed headers and the exact body they sign. */
export interface Delivery {
  readonly url: string;
  /** `webhook-id`, `webhook-timestamp`, `webhook-signature` (see `signDelivery`). */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** How a delivery is made. */
export interface SendOptions extends UrlAllowances {
  /** Whole attempt, connection to answer; default {@link deliveryTimeoutMs}. */
  readonly timeoutMs?: number;
  /** Certificates to trust besides the system's (a private authority; a test's own CA). */
  readonly ca?: string | readonly string[];
  /** The resolver under the connect-time check (`dns.lookup` by default). */
  readonly lookup?: SystemLookup;
  /** Ends the attempt early, as a failure (the server is stopping). */
  readonly signal?: AbortSignal;
}

/**
 * What one attempt gave: an HTTP answer (a success when 2xx) or an error without one.
 * `answer` holds at most {@link answerByteLimit} bytes of the receiver's body, as text.
 */
export type DeliveryResult =
  | {
      readonly ok: boolean;
      readonly status: number;
      readonly durationMs: number;
      readonly answer: string;
    }
  | {
      readonly ok: false;
      readonly error: string;
      readonly durationMs: number;
      /** The address a host name resolved to that was refused: for the server's log only, never the record. */
      readonly refusedAddress?: string;
    };

/** The spec's recommended floor for a receiver to answer: 15 s. */
export const deliveryTimeoutMs = 15_000;
/** How much of a receiver's answer is read and kept, in bytes; the rest is never read. */
export const answerByteLimit = 1024;

/**
 * Makes one delivery attempt: POSTs the body with its headers and reports the status or
 * the error, how long it took and at most 1 kB of the answer. It never throws.
 *
 * - A success is a 2xx within the timeout (15 s). A redirect is not followed: a 3xx is a
 *   failure recorded with its status, as is a 410 (the delivery loop disables on it).
 * - At most 1 kB of the answer is read; the socket is then destroyed, never pooled, so a
 *   receiver cannot hold the sender with a long or endless body.
 * - Unless private addresses are allowed, the address connected to is checked when the
 *   connection is made (after DNS resolution), not only when the endpoint was created:
 *   a name that now resolves to loopback is refused before any packet leaves.
 * - Errors are short and safe to show: `timed out after 15 seconds`, `connection refused`,
 *   `refused: the host name resolves to a loopback address`, `TLS: certificate has expired`.
 *
 * @param delivery - where, the signed headers and the body
 * @param options - the server's webhook flags and the timeout
 * @returns the attempt's outcome
 * @example
 * const result = await sendDelivery(
 *   { url: endpoint.url, headers: signDelivery({ id, body, secrets, at: new Date() }), body },
 *   { allowPrivate: false, allowHttp: false },
 * );
 * if (!result.ok) console.log("status" in result ? result.status : result.error);
 */
export function sendDelivery(delivery: Delivery, options: SendOptions): Promise<DeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string): Promise<DeliveryResult> =>
    Promise.resolve({ ok: false, error, durationMs: elapsed() });

  const judged = judgeEndpointUrl(delivery.url, options);
  if (!judged.ok) return fail(refusalText(judged.refusal));
  const { url } = judged;
  if (options.signal?.aborted) return fail("cancelled");

  const timeoutMs = options.timeoutMs ?? deliveryTimeoutMs;
  return new Promise<DeliveryResult>((resolve) => {
    let status: number | undefined;
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

    let refusedAddress: string | undefined;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      // An answer never outlives its attempt: no keep-alive, nothing left to read.
      req.destroy();
      const durationMs = elapsed();
      if (status === undefined)
        return resolve({
          ok: false,
          error: error ?? "no answer",
          durationMs,
          ...(refusedAddress && { refusedAddress }),
        });
      const answer = new TextDecoder().decode(Buffer.concat(chunks).subarray(0, answerByteLimit));
      resolve({ ok: status >= 200 && status < 300, status, durationMs, answer });
    };
    const onAbort = () => finish("cancelled");

    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(url, {
      method: "POST",
      headers: {
        ...delivery.headers,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(delivery.body),
        "user-agent": "wsafe-webhooks",
      },
      // A fresh connection per attempt, closed after it: a pooled socket would skip the
      // connect-time address check and keep reading a receiver's answer.
      agent: false,
      lookup: guardedLookup({ allowPrivate: options.allowPrivate, lookup: options.lookup }),
      // Beside the defaults, never instead of them: `ca` alone would replace Node's roots.
      ...(options.ca && { ca: [...withSystemRoots(options.ca)] }),
    });
    timer = setTimeout(() => finish(`timed out after ${durationWords(timeoutMs)}`), timeoutMs);
    options.signal?.addEventListener("abort", onAbort, { once: true });

    req.on("error", (error) => {
      if (error instanceof ForbiddenAddressError) refusedAddress = error.refusal.address;
      finish(describeSendError(error));
    });
    req.on("response", (res: IncomingMessage) => {
      status = res.statusCode ?? 0;
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        kept += chunk.length;
        if (kept >= answerByteLimit) finish();
      });
      res.on("end", () => finish());
      // The status arrived: a body cut short still leaves the attempt answered.
      res.on("error", () => finish());
      res.on("close", () => finish());
    });
    req.end(delivery.body);
  });
}

/**
 * What an endpoint's owner reads in an attempt refused by the rules; a literal address is
 * judged here because Node skips `lookup` for one.
 */
function refusalText(refusal: UrlRefusal): string {
  switch (refusal.kind) {
    case "not_absolute":
      return "invalid URL";
    case "http":
      return "refused: http is not allowed (https only)";
    case "scheme":
      return `refused: scheme ${refusal.scheme}`;
    case "credentials":
      return "refused: credentials in the URL";
    case "address":
      return `refused: ${refusal.address.description}`;
  }
}
