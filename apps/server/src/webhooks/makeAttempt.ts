import { performance } from "node:perf_hooks";
import type { DeliveryTarget } from "./DeliveryTarget.js";
import type { ClaimedDelivery } from "./deliveryQueue.js";
import type { AttemptOutcome } from "./recordAttempt.js";

/** What one attempt gave, to record and to log. */
export interface MadeAttempt {
  outcome: AttemptOutcome;
  /** The attempt was cut short by a stop: it is handed back, not recorded. */
  cancelled: boolean;
  /** The address a host name resolved to that was refused: for the server's log only. */
  refusedAddress?: string;
  /** What went wrong on our side before anything was sent: for the server's log only. */
  cause?: unknown;
}

/** What an endpoint's owner reads when the delivery could not be made ready, for a reason of ours. */
export const notPrepared = "not sent: the delivery could not be prepared (a server error)";

/**
 * Makes one attempt at a claimed delivery through its target: prepares it (for a webhook:
 * signs the event at the claim's instant, the database's clock) and sends it. It never
 * throws: a delivery that cannot be prepared (a secret that cannot sign), or any other
 * failure of ours before sending, is a failed attempt whose `error` says so, so the
 * delivery follows the retry schedule like any other failure. A delivery with no attempt
 * left gives up without sending.
 *
 * @param delivery - the claimed delivery
 * @param target - where it goes, and how
 * @param signal - aborted when the server stops: the attempt is then `cancelled`
 */
export async function makeAttempt<Endpoint, Request>(
  delivery: ClaimedDelivery<Endpoint>,
  target: DeliveryTarget<Endpoint, Request>,
  signal: AbortSignal,
): Promise<MadeAttempt> {
  const attemptedAt = delivery.claimedAt;
  const failed = (error: string, durationMs = 0, cause?: unknown): MadeAttempt => ({
    outcome: { attemptedAt, status: null, error, durationMs, succeeded: false },
    cancelled: false,
    ...(cause !== undefined && { cause }),
  });
  if (delivery.exhausted)
    return failed(
      `no attempt left: attempt ${delivery.attempt} was made by a server that stopped before recording how it went`,
    );
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const prepared = target.prepare(delivery);
    if (!prepared.ok) return failed(prepared.error, elapsed(), prepared.cause);
    const sent = await target.send(delivery.endpoint, prepared.request, signal);
    return {
      outcome: {
        attemptedAt,
        status: sent.status,
        error: sent.error,
        durationMs: sent.durationMs,
        succeeded: sent.succeeded,
      },
      cancelled: signal.aborted && sent.error === "cancelled",
      ...(sent.refusedAddress && { refusedAddress: sent.refusedAddress }),
    };
  } catch (error) {
    return failed(notPrepared, elapsed(), error);
  }
}
