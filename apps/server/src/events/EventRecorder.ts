import type { Sql } from "../store/database/Sql.js";
import type { EventLog } from "./EventLog.js";
import { readRecordingState, recordDueEvents } from "./recordTimeEvents.js";

/** What the recorder tells its server's log. */
export interface RecorderLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** How a recorder paces itself. */
export interface RecorderTiming {
  /**
   * The longest it sleeps between two looks at the next instant: an import by another
   * process may bring a nearer one. 1 s keeps every event within a second of its instant.
   */
  pollMs: number;
  /** How often recorded events older than the retention are deleted. */
  pruneEveryMs: number;
  /** The clock it records up to; tests may hold it. */
  now: () => number;
}

const defaultTiming: RecorderTiming = { pollMs: 1000, pruneEveryMs: 3_600_000, now: Date.now };

/**
 * Records time events as their instants pass, in every server process: it sleeps until
 * the next date that may change a status (found through the dates' indexes) or at most
 * `pollMs`, then records everything due in one transaction. At start it catches up on
 * what passed while no server ran, with the true instants. Recording is idempotent (stable
 * ids) and serialised by the event clock's lock, so N servers on one database record each
 * event once; one that finds the clock held leaves it to the holder.
 */
export class EventRecorder {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;
  #lastPrune = 0;
  readonly #timing: RecorderTiming;

  /**
   * @param sql - the store's database
   * @param events - the store's events (for the retention)
   * @param log - where failures go (the database away: it tries again)
   * @param timing - pacing; defaults suit a server
   */
  constructor(
    private readonly sql: Sql,
    private readonly events: EventLog,
    private readonly log: RecorderLog,
    timing: Partial<RecorderTiming> = {},
  ) {
    this.#timing = { ...defaultTiming, ...timing };
  }

  /** Catches up on what passed while no server recorded, then keeps recording. */
  async start(): Promise<void> {
    await this.#round();
  }

  /** Stops after the round in progress, if any. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  async #round(): Promise<void> {
    if (this.#stopped) return;
    let wait = this.#timing.pollMs;
    this.#running = (async () => {
      try {
        wait = await this.#recordDue();
      } catch (error) {
        this.log.error({ err: error }, "recording events failed; trying again");
      }
    })();
    await this.#running;
    this.#running = undefined;
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.#round(), wait);
    this.#timer.unref();
  }

  /** Records what is due, prunes now and then; answers how long to sleep. */
  async #recordDue(): Promise<number> {
    const now = this.#timing.now();
    let { nextBoundary } = await readRecordingState(this.sql);
    if (nextBoundary !== undefined && nextBoundary <= now) {
      const outcome = await recordDueEvents(this.sql, now);
      // Another server holds the clock (recording, or an import): it records; look again later.
      if (outcome.state === "busy") return this.#timing.pollMs;
      if (outcome.state === "recorded" && outcome.events > 0)
        this.log.info({ events: outcome.events }, "recorded status transitions");
      nextBoundary = (await readRecordingState(this.sql)).nextBoundary;
    }
    if (now - this.#lastPrune >= this.#timing.pruneEveryMs) {
      this.#lastPrune = now;
      await this.events.prune(now);
    }
    const untilNext =
      nextBoundary === undefined ? Number.POSITIVE_INFINITY : nextBoundary - this.#timing.now();
    return Math.max(0, Math.min(this.#timing.pollMs, untilNext));
  }
}
