import { performance } from "node:perf_hooks";
import { eventRecord } from "../events/EventLog.js";
import { deliveryBody } from "./deliveryBody.js";
import type { ClaimedDelivery } from "./deliveryQueue.js";
import type { AttemptOutcome } from "./recordAttempt.js";
import { type SendOptions, sendDelivery } from "./sendDelivery.js";
import { signDelivery } from "./signDelivery.js";
import { WebhookSecret } from "./WebhookSecret.js";

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

/** What an endpoint's owner reads when its stored secret cannot sign, and what to do. */
export const unusableSecret =
  "not sent: the endpoint's stored secret cannot sign (not a whsec_ key); webhooks.rotate_secret gives it a new one";
/** What an endpoint's owner reads when the delivery could not be made ready, for a reason of ours. */
export const notPrepared = "not sent: the delivery could not be prepared (a server error)";

/**
 * Makes one attempt at a claimed delivery: signs the event with the endpoint's secrets at
 * the claim's instant (the database's clock) and POSTs it. It never throws: a secret that
 * cannot sign, or any other failure of ours before sending, is a failed attempt whose
 * `error` says so, so the delivery follows the retry schedule like any other failure.
 * A delivery with no attempt left gives up without sending.
 *
 * @param delivery - the claimed delivery
 * @param send - how to send (the server's webhook flags, the stop's signal)
 */
export async function makeAttempt(delivery: ClaimedDelivery, send: SendOptions): Promise<MadeAttempt> {
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
  let request: { headers: Record<string, string>; body: string };
  try {
    const record = eventRecord(delivery.event, attemptedAt);
    const body = deliveryBody({ type: record.type, occurredAt: record.occurred_at, data: record });
    let secrets: WebhookSecret[];
    try {
      secrets = [delivery.secret, delivery.previousSecret]
        .filter((secret) => secret !== null)
        .map((secret) => WebhookSecret.from(secret));
    } catch (error) {
      return failed(unusableSecret, elapsed(), error);
    }
    request = { headers: signDelivery({ id: record.id, body, secrets, at: new Date(attemptedAt) }), body };
  } catch (error) {
    return failed(notPrepared, elapsed(), error);
  }
  try {
    const result = await sendDelivery({ url: delivery.url, ...request }, send);
    const refusedAddress = "refusedAddress" in result ? result.refusedAddress : undefined;
    return {
      outcome: {
        attemptedAt,
        status: "status" in result ? result.status : null,
        error: "error" in result ? result.error : null,
        durationMs: result.durationMs,
        succeeded: result.ok,
      },
      cancelled: Boolean(send.signal?.aborted) && "error" in result && result.error === "cancelled",
      ...(refusedAddress && { refusedAddress }),
    };
  } catch (error) {
    return failed(notPrepared, elapsed(), error);
  }
}
