import { NotifiedLoop } from "../background/NotifiedLoop.js";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import { type ClaimedDelivery, releaseDelivery } from "./deliveryQueue.js";
import type { MadeAttempt } from "./makeAttempt.js";
import { type RecordedAttempt, recordAttempt } from "./recordAttempt.js";
import { SuccessBatches } from "./SuccessBatches.js";
import { type ClaimedAttempt, type RecordedSuccess, type TargetQueue, targetQueue } from "./targetQueue.js";
import { type DeliveryObserver, tellAttempt } from "./tellAttempt.js";
import type { WebhookSettings } from "./WebhookSettings.js";
import { webhookTarget } from "./webhookTarget.js";

/**
 * The longest the worker sleeps while nothing is due: notifications wake it for new
 * deliveries and timers for retries, and a listening connection that is lost says so
 * (then it looks every {@link deafPollMs}), so this only catches a notification lost on
 * a connection that looks fine. Each look costs an idle embedded server tens of ms of
 * CPU and a collection after it: every 30 s it was most of an idle server's CPU.
 */
export const safetyPollMs = 300_000;
/** How often it looks while its notifications cannot be received (the listening connection is lost). */
export const deafPollMs = 1000;
/**
 * While every due delivery waits for attempts under way (its last claim took nothing
 * although something was due), the least time between two claims a notification causes.
 * A busy endpoint's new events notify every server at each commit, and a claim can take
 * none of them until an attempt ends, which wakes the server that made it; another
 * endpoint's new event waits at most this long.
 */
export const blockedNotificationGapMs = 50;

/**
 * Delivers events to a target's endpoints (HTTP webhooks: `webhookTarget`), in every
 * server process that delivers, as a pool of `concurrency` slots: whenever slots free it
 * claims what is due for all of them in one statement (no other server makes the same
 * attempt; at most `inFlightPerEndpoint` attempts under way per endpoint across servers;
 * each endpoint's first attempts in `sequence` order), prepares and sends each, and
 * records how it went: the successes that end together in one statement
 * (`SuccessBatches`), which also hands their slots on to their endpoints' next due
 * deliveries while the server has a slot free; a failure in a transaction of its own (it
 * may change the endpoint's state). With nothing due it sleeps until the next retry or
 * lease falls due, or the database says a statement recorded events for an endpoint
 * (`wsafe_deliveries`), or {@link safetyPollMs}: an idle server asks the database nothing;
 * while everything due waits for attempts under way, notifications make it look at most
 * every {@link blockedNotificationGapMs}. While the database fails it backs off (1 s
 * doubling to 30 s), logging once when it starts and once when it ends. Every failed
 * attempt and every give-up is logged with the endpoint, the event and the reason, never
 * the secret or the body.
 */
export class DeliveryWorker {
  #stopped = false;
  readonly #loop: NotifiedLoop;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #stopping = new AbortController();
  readonly #successes: SuccessBatches<RecordedSuccess>;

  /**
   * @param sql - the store's database
   * @param settings - the server's webhook settings
   * @param observer - the log and the tallies
   * @param queue - how deliveries are claimed and recorded, and made through their target
   * (`targetQueue(target)`); HTTP webhooks by `settings` when left out
   */
  constructor(
    private readonly sql: Sql,
    private readonly settings: WebhookSettings,
    private readonly observer: DeliveryObserver,
    private readonly queue: TargetQueue = targetQueue(webhookTarget(settings)),
  ) {
    this.#loop = new NotifiedLoop(sql, {
      name: "webhook deliveries",
      channels: [notificationChannels.deliveries],
      round: () => this.#claim(),
      log: observer,
      safetyPollMs,
      deafPollMs,
    });
    this.#successes = new SuccessBatches(async (successes) => {
      const done = await queue.recordSuccesses(sql, successes, this.#limits());
      // Started before the slots they take over are let go: the count of slots in use never dips.
      for (const attempt of done.handed) this.#start(attempt);
      return done.results;
    });
  }

  /** A claim's limits but its count: the cap, the schedule's length, the lease. */
  #limits() {
    return {
      perEndpoint: this.settings.inFlightPerEndpoint,
      attempts: this.settings.retryScheduleMs.length,
      leaseMs: this.settings.timeoutMs * 2 + 30_000,
    };
  }

  /** Attempts under way in this process now. */
  get inFlight(): number {
    return this.#inFlight.size;
  }

  /** Starts delivering; listens for new deliveries to wake at once. */
  start(): Promise<void> {
    return this.#loop.start();
  }

  /**
   * Stops claiming; attempts under way get `stopGraceMs` to end and be recorded, so a
   * rolling restart repeats none. Those still under way then are cut and handed back, due
   * at once, for another server to make with the same `webhook-id`. When it resolves,
   * nothing of this worker runs. A process killed meanwhile leaves its attempts to their
   * leases: due again, they are repeated with the same `webhook-id`.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#loop.stop();
    const grace = setTimeout(() => this.#stopping.abort(), this.settings.stopGraceMs);
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
    clearTimeout(grace);
  }

  /**
   * One round of the loop: claims what is due for the free slots and starts it; answers
   * when to claim again (at once when it filled every free slot; when the next retry or
   * lease falls due). With every slot busy only a freed slot wakes it. While everything
   * due waits for attempts under way, notifications wait {@link blockedNotificationGapMs}.
   */
  async #claim(): Promise<number | undefined> {
    const free = this.settings.concurrency - this.#inFlight.size;
    if (free <= 0) return undefined;
    const claimed = await this.queue.claim(this.sql, { count: free, ...this.#limits() });
    this.#loop.holdNotifications(claimed.blocked ? blockedNotificationGapMs : 0);
    for (const attempt of claimed.attempts) this.#start(attempt);
    if (claimed.attempts.length === free) return 0;
    return claimed.nextDueInMs ?? Number.POSITIVE_INFINITY;
  }

  /**
   * Makes one attempt in a slot; the slot frees (and wakes the loop) when it is recorded,
   * unless it was handed on to the endpoint's next delivery.
   */
  #start(claimed: ClaimedAttempt): void {
    const { delivery } = claimed;
    let handedOn = false;
    const attempt = this.#attempt(claimed)
      .then((handed) => {
        handedOn = handed;
      })
      .catch((error: unknown) =>
        this.observer.error(
          { err: error, webhook_id: delivery.webhookId, event_id: delivery.event.id },
          "webhook attempt failed in the worker",
        ),
      )
      .finally(() => {
        this.#inFlight.delete(attempt);
        if (!handedOn) this.#loop.wake();
      });
    this.#inFlight.add(attempt);
  }

  /** Makes and records one attempt; answers whether its slot was handed on. */
  async #attempt({ delivery, make }: ClaimedAttempt): Promise<boolean> {
    const made = this.#stopped ? undefined : await make(this.#stopping.signal);
    if (!made || made.cancelled) {
      await releaseDelivery(this.sql, delivery);
      return false;
    }
    if (made.cause !== undefined)
      this.observer.error(
        { err: made.cause, webhook_id: delivery.webhookId, event_id: delivery.event.id },
        "a webhook attempt could not be made; recorded as failed",
      );
    const recorded = await this.#record(delivery, made);
    if (recorded) tellAttempt(this.observer, delivery, made, recorded);
    return recorded?.handedOn === true;
  }

  /**
   * Records the attempt (a success with the others that end meanwhile, in one statement);
   * when that write fails, records it as a failed attempt saying so (the delivery then
   * follows the schedule); when that fails too (the database is away), leaves it to its
   * lease: due again at its end, and the claim counts its attempts.
   */
  async #record(
    delivery: ClaimedDelivery,
    made: MadeAttempt,
  ): Promise<(RecordedAttempt & { handedOn?: boolean }) | undefined> {
    const ids = { webhook_id: delivery.webhookId, event_id: delivery.event.id, attempt: delivery.attempt };
    const rules = {
      scheduleMs: this.settings.retryScheduleMs,
      disableAfterMs: this.settings.disableAfterMs,
    };
    try {
      if (made.outcome.succeeded) {
        // The slot goes on to the endpoint's next delivery only while another slot of this
        // server is free: with every slot busy, the next claim gives it to whichever endpoint
        // has waited longest, as a freed slot always goes.
        const handOff = !this.#stopped && this.#inFlight.size < this.settings.concurrency;
        const { recorded, handedOn } = await this.#successes.record({
          delivery,
          outcome: made.outcome,
          handOff,
        });
        return { outcome: recorded, nextAttemptAt: null, handedOn };
      }
      return await recordAttempt(this.sql, delivery, made.outcome, rules);
    } catch (error) {
      this.observer.error(
        { err: error, ...ids },
        "recording a webhook attempt failed; recording it as failed",
      );
      made.outcome = {
        ...made.outcome,
        status: null,
        error: "the attempt's outcome could not be recorded (a server error); tried again by the schedule",
        succeeded: false,
      };
    }
    try {
      return await recordAttempt(this.sql, delivery, made.outcome, rules);
    } catch (error) {
      this.observer.error(
        { err: error, ...ids },
        "recording a webhook attempt failed again; it is made again when its lease runs out",
      );
      return undefined;
    }
  }
}
