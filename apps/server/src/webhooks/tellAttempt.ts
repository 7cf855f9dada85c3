import type { ClaimedDelivery } from "./deliveryQueue.js";
import type { MadeAttempt } from "./makeAttempt.js";
import type { RecordedAttempt } from "./recordAttempt.js";

/** What the worker tells its server's log (pino's shape) and metrics. */
export interface DeliveryObserver {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  debug?(fields: object, message: string): void;
  /** One attempt made: `succeeded`, `failed`, `gave_up` (the last failed) or `disabled` (410, or failing too long). */
  attempted?(outcome: "succeeded" | "failed" | "gave_up" | "disabled"): void;
}

/**
 * Logs and counts what an attempt came to: a success is counted, a failure, a give-up or a
 * disabled endpoint is logged with the endpoint, the event and the reason, never the
 * secret or the body; a stale record (the delivery claimed again) says nothing.
 *
 * @param observer - the server's log and tallies
 * @param delivery - the claimed delivery
 * @param made - how the attempt went
 * @param recorded - what recording it decided
 */
export function tellAttempt(
  observer: DeliveryObserver,
  delivery: ClaimedDelivery,
  made: MadeAttempt,
  recorded: RecordedAttempt,
): void {
  if (recorded.outcome === "stale") return;
  observer.attempted?.(recorded.outcome);
  if (recorded.outcome === "succeeded") return;
  const { status, error } = made.outcome;
  const fields = {
    webhook_id: delivery.webhookId,
    event_id: delivery.event.id,
    attempt: delivery.attempt,
    reason: error ?? `status ${status}`,
    ...(made.refusedAddress && { address: made.refusedAddress }),
  };
  if (recorded.outcome === "failed")
    observer.info(
      { ...fields, next_attempt_at: recorded.nextAttemptAt },
      recorded.nextAttemptAt === null
        ? "webhook attempt failed; the endpoint is disabled"
        : "webhook attempt failed; tried again later",
    );
  else if (recorded.outcome === "gave_up")
    observer.warn(fields, "webhook delivery gave up after its last attempt; the endpoint is failing");
  else observer.warn({ ...fields, state_reason: recorded.stateReason }, "webhook endpoint disabled");
}
