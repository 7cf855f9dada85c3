import { NotifiedLoop } from "../background/NotifiedLoop.js";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import { readRecordingState, recordDueEvents } from "./recordTimeEvents.js";

/** What the recorder tells its server's log. */
export interface RecorderLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /** Each failure after the first of an outage. */
  debug?(fields: object, message: string): void;
}

/** How a recorder paces itself. */
export interface RecorderTiming {
  /**
   * The longest it sleeps without looking: a bound for a change whose notification was
   * lost on a connection that looks fine (a lost connection says so, and the recorder
   * looks once it listens again), and for a clock that jumped. Between dates it sleeps
   * until the next one, or until a statement that changed schedules says so.
   */
  safetyPollMs: number;
  /** How soon it looks again when another server holds the event clock (it records meanwhile). */
  busyRetryMs: number;
  /** The clock it records up to; tests may hold it. */
  now: () => number;
}

const defaultTiming: RecorderTiming = {
  // Each look costs an idle embedded server tens of ms of CPU and a collection after it:
  // every 30 s it was most of an idle server's CPU.
  safetyPollMs: 300_000,
  busyRetryMs: 1_000,
  now: Date.now,
};

/**
 * Records time events as their instants pass, in every server process. Idle, it does
 * nothing: it sleeps until the next date that may change a status (found through the
 * dates' indexes), or until a statement that changed schedules says so (an import by
 * any process may bring a nearer date), or `safetyPollMs` (5 min) at most; then it records
 * everything due in one transaction. At start it catches up on what passed while no
 * server ran, with the true instants. Recording is idempotent (stable ids) and
 * serialised by the event clock's lock, so N servers on one database record each event
 * once; one that finds the clock held leaves it to the holder. The waiting, the
 * notifications and the backoff while the database fails are its {@link NotifiedLoop}'s.
 */
export class EventRecorder {
  readonly #timing: RecorderTiming;
  readonly #loop: NotifiedLoop;

  /**
   * @param sql - the store's database
   * @param log - where a change of state goes (failing, then working again)
   * @param timing - pacing; defaults suit a server
   */
  constructor(
    private readonly sql: Sql,
    private readonly log: RecorderLog,
    timing: Partial<RecorderTiming> = {},
  ) {
    this.#timing = { ...defaultTiming, ...timing };
    this.#loop = new NotifiedLoop(sql, {
      name: "recording events",
      channels: [notificationChannels.schedules],
      round: () => this.#recordDue(),
      log,
      safetyPollMs: this.#timing.safetyPollMs,
    });
  }

  /** Catches up on what passed while no server recorded, then keeps recording. */
  async start(): Promise<void> {
    await this.#loop.start();
    await this.#loop.idle();
  }

  /** Stops after the round in progress, if any. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /** Records what is due; answers how long to sleep: until the next date (the loop bounds it). */
  async #recordDue(): Promise<number> {
    const now = this.#timing.now();
    let { nextBoundary } = await readRecordingState(this.sql);
    if (nextBoundary !== undefined && nextBoundary <= now) {
      const outcome = await recordDueEvents(this.sql, now);
      // Another server holds the clock (recording, or an import): it records; look again later.
      if (outcome.state === "busy") return this.#timing.busyRetryMs;
      if (outcome.state === "recorded" && outcome.events > 0)
        this.log.info({ events: outcome.events }, "recorded status transitions");
      nextBoundary = (await readRecordingState(this.sql)).nextBoundary;
    }
    return nextBoundary === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(0, nextBoundary - this.#timing.now());
  }
}
