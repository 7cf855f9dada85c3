import { durationWords } from "@wsafe/schema";
import { notificationChannels } from "../store/database/notificationChannels.js";
import type { Sql } from "../store/database/Sql.js";
import { readRecordingState, recordDueEvents } from "./recordTimeEvents.js";

/** What the recorder tells its server's log. */
export interface RecorderLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
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
  /** The first wait after a failure; each failure that follows doubles it, up to `longestRetryMs`. */
  firstRetryMs: number;
  longestRetryMs: number;
  /** The clock it records up to; tests may hold it. */
  now: () => number;
}

const defaultTiming: RecorderTiming = {
  // Each look costs an idle embedded server tens of ms of CPU and a collection after it:
  // every 30 s it was most of an idle server's CPU.
  safetyPollMs: 300_000,
  busyRetryMs: 1_000,
  firstRetryMs: 1_000,
  longestRetryMs: 30_000,
  now: Date.now,
};

/** The channel on which a statement that changed schedules says so (migration 0006). */

/**
 * Records time events as their instants pass, in every server process. Idle, it does
 * nothing: it sleeps until the next date that may change a status (found through the
 * dates' indexes), or until a statement that changed schedules says so (an import by
 * any process may bring a nearer date), or `safetyPollMs` (5 min) at most; then it records
 * everything due in one transaction. At start it catches up on what passed while no
 * server ran, with the true instants. Recording is idempotent (stable ids) and
 * serialised by the event clock's lock, so N servers on one database record each event
 * once; one that finds the clock held leaves it to the holder.
 *
 * A failing database is tried again after 1 s, then 2, 4... up to 30 s, and logged
 * once when it starts failing and once when recording works again, not at every try.
 */
export class EventRecorder {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #stopListening: (() => Promise<void>) | undefined;
  /** The wait after the next failure; failures in a row so far. */
  #retryMs: number;
  #failures = 0;
  readonly #timing: RecorderTiming;

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
    this.#retryMs = this.#timing.firstRetryMs;
  }

  /** Catches up on what passed while no server recorded, then keeps recording. */
  async start(): Promise<void> {
    this.#stopListening = await this.sql.listen(
      notificationChannels.schedules.name,
      () => this.#wake(),
      // Changes made while nobody listened were not heard: look now.
      (listening) => {
        if (listening) this.#wake();
      },
    );
    await this.#round();
  }

  /** Stops after the round in progress, if any. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
    await this.#stopListening?.();
  }

  /** Looks now rather than at the planned time; a look under way looks again after it. */
  #wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    void this.#round();
  }

  async #round(): Promise<void> {
    if (this.#stopped) return;
    // Woken as it started listening: the start still waits for this first round.
    if (this.#running) return this.#running;
    let wait = this.#timing.safetyPollMs;
    this.#running = (async () => {
      do {
        this.#again = false;
        wait = await this.#recordOrBackOff();
      } while (this.#again && !this.#stopped);
    })();
    await this.#running;
    this.#running = undefined;
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#round(), wait);
    this.#timer.unref();
  }

  /** One look; answers how long to sleep, and says when the state changes. */
  async #recordOrBackOff(): Promise<number> {
    try {
      const wait = await this.#recordDue();
      if (this.#failures > 0) this.log.info({ failures: this.#failures }, "recording events works again");
      this.#failures = 0;
      this.#retryMs = this.#timing.firstRetryMs;
      return wait;
    } catch (error) {
      const wait = this.#retryMs;
      if (this.#failures === 0)
        this.log.error(
          { err: error },
          `recording events failed; trying again in ${durationWords(wait)}, then less often up to every ${durationWords(this.#timing.longestRetryMs)} (logged again once it works)`,
        );
      this.#failures++;
      this.#retryMs = Math.min(this.#retryMs * 2, this.#timing.longestRetryMs);
      return wait;
    }
  }

  /** Records what is due; answers how long to sleep: until the next date, at most the safety poll. */
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
    const untilNext =
      nextBoundary === undefined ? Number.POSITIVE_INFINITY : nextBoundary - this.#timing.now();
    return Math.max(0, Math.min(this.#timing.safetyPollMs, untilNext));
  }
}
