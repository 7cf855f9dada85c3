import type { Sql } from "../store/database/Sql.js";
import type { DeliveryTarget } from "./DeliveryTarget.js";
import { type ClaimedDelivery, type ClaimLimits, claimDeliveries } from "./deliveryQueue.js";
import { type MadeAttempt, makeAttempt } from "./makeAttempt.js";
import { recordSuccesses, type Success } from "./recordSuccesses.js";

/** A claimed delivery, whatever its target, and the way to make its attempt. */
export interface ClaimedAttempt {
  readonly delivery: ClaimedDelivery;
  /** Prepares and sends it through its target; never throws (see `makeAttempt`). */
  make(signal: AbortSignal): Promise<MadeAttempt>;
}

/** One claim's attempts, and what it found. */
export interface ClaimedAttempts {
  readonly attempts: ClaimedAttempt[];
  /** Nothing taken although something was due (see `ClaimedBatch.blocked`). */
  readonly blocked: boolean;
  /** How long until the next delivery falls due (see `claimDeliveries`). */
  readonly nextDueInMs: number | undefined;
}

/** What one success came to. */
export interface RecordedSuccess {
  readonly recorded: "succeeded" | "stale";
  /** Its slot went on to its endpoint's next delivery (one of `handed`): nothing was freed. */
  readonly handedOn: boolean;
}

/** What a batch of successes came to (see `recordSuccesses`). */
export interface RecordedAttempts {
  /** For each success, in order. */
  readonly results: RecordedSuccess[];
  /** The attempts to make in the slots handed on. */
  readonly handed: ClaimedAttempt[];
}

/** The queue's two round trips for one target: what the delivery worker runs, the target's types bound once. */
export interface TargetQueue {
  /** Claims what is due (see `claimDeliveries`). */
  claim(sql: Sql, limits: ClaimLimits): Promise<ClaimedAttempts>;
  /** Records successes, handing on the slots of those marked so (see `recordSuccesses`). */
  recordSuccesses(
    sql: Sql,
    successes: readonly Success[],
    limits: Omit<ClaimLimits, "count">,
  ): Promise<RecordedAttempts>;
}

/**
 * The queue of a target: each claim reads what the target needs of its endpoints in the
 * same statement, and each claimed delivery carries its attempt through that target.
 *
 * @param target - where the deliveries go, and how
 * @example
 * const worker = new DeliveryWorker(sql, settings, observer, targetQueue(webhookTarget(settings)));
 */
export function targetQueue<Endpoint, Request>(target: DeliveryTarget<Endpoint, Request>): TargetQueue {
  const attempt = (delivery: ClaimedDelivery<Endpoint>): ClaimedAttempt => ({
    delivery,
    make: (signal) => makeAttempt(delivery, target, signal),
  });
  return {
    async claim(sql, limits) {
      const claimed = await claimDeliveries(sql, limits, target.endpoint);
      return {
        attempts: claimed.deliveries.map(attempt),
        blocked: claimed.blocked,
        nextDueInMs: claimed.nextDueInMs,
      };
    },
    async recordSuccesses(sql, successes, limits) {
      const done = await recordSuccesses(sql, successes, { limits, endpoint: target.endpoint });
      // Each delivery handed on takes the slot of one success of its endpoint that handed on.
      const left = new Map<string, number>();
      for (const { webhookId } of done.handed) left.set(webhookId, (left.get(webhookId) ?? 0) + 1);
      const results = successes.map((success, index): RecordedSuccess => {
        const recorded = done.recorded[index] ?? "stale";
        const slots = left.get(success.delivery.webhookId) ?? 0;
        const handedOn = success.handOff === true && recorded === "succeeded" && slots > 0;
        if (handedOn) left.set(success.delivery.webhookId, slots - 1);
        return { recorded, handedOn };
      });
      return { results, handed: done.handed.map(attempt) };
    },
  };
}
