import { eventRecord } from "../events/EventLog.js";
import type { Sql } from "../store/database/Sql.js";
import { deliveryBody } from "./deliveryBody.js";
import { type ClaimedDelivery, claimDueDeliveries, nextDueDelivery, recordAttempt } from "./deliveryQueue.js";
import { sendDelivery } from "./sendDelivery.js";
import { signDelivery } from "./signDelivery.js";
import { WebhookSecret } from "./WebhookSecret.js";
import type { WebhookSettings } from "./WebhookSettings.js";

/** What the worker tells its server's log and metrics. */
export interface DeliveryObserver {
  error(fields: object, message: string): void;
  /** One attempt made: `succeeded`, `failed`, `gave_up` (the last failed) or `disabled` (410). */
  attempted?(outcome: "succeeded" | "failed" | "gave_up" | "disabled"): void;
}

/** The longest the worker sleeps without looking: another server may have enqueued. */
const pollMs = 1000;

/**
 * Delivers events to webhook endpoints, in every server process that delivers: claims
 * what is due (no other server makes the same attempt), signs and POSTs each, records how
 * it went, and sleeps until the next is due, or until the database says a statement
 * recorded events for an endpoint (`wsafe_deliveries`), or a second at most.
 */
export class DeliveryWorker {
  #stopped = false;
  #timer: NodeJS.Timeout | undefined;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;
  #stopListening: (() => Promise<void>) | undefined;

  /**
   * @param sql - the store's database
   * @param settings - the server's webhook settings
   * @param observer - the log and the tallies
   * @param now - the clock (tests may hold it)
   */
  constructor(
    private readonly sql: Sql,
    private readonly settings: WebhookSettings,
    private readonly observer: DeliveryObserver,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts delivering; listens for new deliveries to wake at once. */
  async start(): Promise<void> {
    this.#stopListening = await this.sql.listen(
      "wsafe_deliveries",
      () => this.#wake?.(),
      () => {},
    );
    this.#loop = this.#run();
  }

  /**
   * Stops claiming and waits for the attempts under way to end (at most the timeout) and
   * be recorded, so a rolling restart repeats none. A process killed meanwhile leaves
   * them to their leases: due again, they are repeated with the same `webhook-id`.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#wake?.();
    await this.#loop;
    await this.#stopListening?.();
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      let claimed = 0;
      try {
        claimed = await this.#round();
      } catch (error) {
        this.observer.error({ err: error }, "delivering webhooks failed; trying again");
      }
      if (this.#stopped) return;
      if (claimed >= this.settings.concurrency) continue;
      const next = await nextDueDelivery(this.sql).catch(() => undefined);
      const wait = next === undefined ? pollMs : Math.max(0, Math.min(pollMs, next - this.now()));
      if (wait > 0)
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
          this.#timer = setTimeout(resolve, wait);
        });
    }
  }

  /** Claims what is due and makes those attempts at once; answers how many. */
  async #round(): Promise<number> {
    const leaseMs = this.settings.timeoutMs * 2 + 30_000;
    const due = await claimDueDeliveries(this.sql, this.now(), this.settings.concurrency, leaseMs);
    await Promise.all(due.map((delivery) => this.#attempt(delivery)));
    return due.length;
  }

  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    const attemptedAt = this.now();
    const record = eventRecord(delivery.event, attemptedAt);
    const body = deliveryBody({ type: record.type, occurredAt: record.occurred_at, data: record });
    const secrets = [delivery.secret, delivery.previousSecret]
      .filter((secret) => secret !== null)
      .map((secret) => WebhookSecret.from(secret));
    const headers = signDelivery({ id: record.id, body, secrets, at: new Date(attemptedAt) });
    const result = await sendDelivery(
      { url: delivery.url, headers, body },
      {
        allowHttp: this.settings.allowHttp,
        allowPrivate: this.settings.allowPrivate,
        timeoutMs: this.settings.timeoutMs,
        ca: this.settings.ca,
        lookup: this.settings.lookup,
      },
    );
    const outcome = {
      attemptedAt,
      status: "status" in result ? result.status : null,
      error: "error" in result ? result.error : null,
      durationMs: result.durationMs,
      succeeded: result.ok,
    };
    const next = await recordAttempt(this.sql, delivery, outcome, this.settings.retryScheduleMs);
    this.observer.attempted?.(
      result.ok ? "succeeded" : outcome.status === 410 ? "disabled" : next === null ? "gave_up" : "failed",
    );
  }
}
