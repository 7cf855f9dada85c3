import type { Sql } from "../store/database/Sql.js";
import type { DeliveryTarget } from "./DeliveryTarget.js";
import { type ClaimedDelivery, type ClaimLimits, claimDeliveries } from "./deliveryQueue.js";
import { type MadeAttempt, makeAttempt } from "./makeAttempt.js";

/** A claimed delivery, whatever its target, and the way to make its attempt. */
export interface ClaimedAttempt {
  readonly delivery: ClaimedDelivery;
  /** Prepares and sends it through its target; never throws (see `makeAttempt`). */
  make(signal: AbortSignal): Promise<MadeAttempt>;
}

/** One claim's attempts, and how long until the next delivery falls due (see `claimDeliveries`). */
export interface ClaimedAttempts {
  readonly attempts: ClaimedAttempt[];
  /** Nothing taken although something was due (see `ClaimedBatch.blocked`). */
  readonly blocked: boolean;
  readonly nextDueInMs: number | undefined;
}

/** Claims deliveries for one target: what the delivery worker runs, the target's types bound once. */
export type AttemptClaimer = (sql: Sql, limits: ClaimLimits) => Promise<ClaimedAttempts>;

/**
 * The claimer of a target: each claim reads what the target needs of its endpoints in the
 * same statement, and each claimed delivery carries its attempt through that target.
 *
 * @param target - where the deliveries go, and how
 * @example
 * const worker = new DeliveryWorker(sql, settings, observer, claimAttempts(webhookTarget(settings)));
 */
export function claimAttempts<Endpoint, Request>(target: DeliveryTarget<Endpoint, Request>): AttemptClaimer {
  return async (sql, limits) => {
    const claimed = await claimDeliveries(sql, limits, target.endpoint);
    return {
      nextDueInMs: claimed.nextDueInMs,
      blocked: claimed.blocked,
      attempts: claimed.deliveries.map((delivery) => ({
        delivery,
        make: (signal) => makeAttempt(delivery, target, signal),
      })),
    };
  };
}
