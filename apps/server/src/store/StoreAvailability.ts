import type { Sql } from "./database/Sql.js";
import { type StoreFault, storeFaultOf } from "./database/storeFault.js";

/** Whether the store can be used: `ok`, or the {@link StoreFault} last met and not yet over. */
export type StoreState = "ok" | StoreFault;

/** Where the changes of state are said: the server's log. */
export interface AvailabilityLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** What {@link StoreAvailability} watches, and how. */
export interface AvailabilityOptions {
  /** A write that fails as the requests' writes fail while the fault lasts (`probeWrite`). */
  probe: () => Promise<void>;
  log: AvailabilityLog;
  /** Which engine the store runs on, for the words of the log lines. */
  engine: Sql["kind"];
  /** How often the probe runs while a fault lasts, in ms; default 2 000. */
  probeEveryMs?: number;
  /**
   * The least time between two probes, in ms, whoever asks (readiness callers may be many
   * load balancers asking every second); default 1 000.
   */
  probeGapMs?: number;
}

/**
 * The log lines of each fault, as it begins (by engine: whose disk to free) and as it
 * ends; each says what to do. Whole strings, so that an operator finds them in the code.
 */
export const storeStateLines: Record<StoreFault, { lost: Record<Sql["kind"], string>; back: string }> = {
  disk_full: {
    lost: {
      pglite:
        "the store's disk is full: every write answers server_error until space is freed on the disk of --database; reads still answer, /readyz answers 503 (disk: full), and the server writes again by itself once it can",
      postgres:
        "the store's disk is full: every write answers server_error until space is freed on the PostgreSQL server's disk; reads still answer, /readyz answers 503 (disk: full), and the server writes again by itself once it can",
    },
    back: "the store writes again: its disk has room; /readyz answers 200 again",
  },
  unreachable: {
    lost: {
      pglite:
        "the database is unreachable: requests that need it answer server_error until it is back; the server tries again by itself",
      postgres:
        "the database is unreachable: requests that need it answer server_error until it is back; check that PostgreSQL runs and that --database names it; the server reconnects by itself",
    },
    back: "the database is back: requests are answered again",
  },
};

/** The error's message alone: the log line names the cause, never with a stack. */
function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const { errno } = (error ?? {}) as { errno?: unknown };
  return typeof errno === "number" ? `file system error ${errno}` : String(error);
}

/**
 * Whether the store can be used right now, said once per change: a full disk or a
 * database that went away makes every request that needs it fail, and a log line for
 * each of them (with its stack) buried the one thing an operator needs to read. Requests
 * that fail with a {@link StoreFault} report it here; the first of a fault logs one line
 * (what happened, what to do), those after it nothing. While it lasts, a write probe runs
 * every few seconds (and whenever readiness asks), and the first that succeeds logs the
 * return, with how many requests were refused. Nothing runs while the store is fine.
 *
 * @example
 * const availability = new StoreAvailability({ probe: () => probeWrite(store.sql), log, engine: "pglite" });
 * availability.refused("disk_full", error, start);
 * await availability.check(); // "disk_full" until space is freed, then "ok"
 */
export class StoreAvailability {
  #state: StoreState = "ok";
  /** `performance.now()` when the fault began, and when the store last came back. */
  #since = 0;
  #backAt = Number.NEGATIVE_INFINITY;
  #refused = 0;
  #probing: Promise<StoreState> | undefined;
  #probedAt = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(private readonly options: AvailabilityOptions) {}

  /** The state as last seen, without asking the store. */
  get state(): StoreState {
    return this.#state;
  }

  /**
   * A request failed with a fault of the store. A request that began before the store
   * last came back met the fault that ended, and changes nothing.
   *
   * @param fault - what {@link storeFaultOf} said of its error
   * @param error - the error, whose message the line names
   * @param startedAt - `performance.now()` when the request began
   */
  refused(fault: StoreFault, error: unknown, startedAt: number): void {
    if (this.#stopped || startedAt < this.#backAt) return;
    this.#enter(fault, error);
    this.#refused++;
  }

  /**
   * The state now: `ok` at once while no fault is known; else the outcome of a write
   * probe (one at a time, shared by every caller, at most one a `probeGapMs`).
   */
  check(): Promise<StoreState> {
    if (this.#state === "ok") return Promise.resolve("ok");
    if (
      this.#probing === undefined &&
      performance.now() - this.#probedAt < (this.options.probeGapMs ?? 1_000)
    )
      return Promise.resolve(this.#state);
    this.#probing ??= this.#probe().finally(() => {
      this.#probing = undefined;
    });
    return this.#probing;
  }

  /** Stops probing, for a server that stops: nothing is said after this. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #enter(fault: StoreFault, error: unknown): void {
    if (this.#state === fault) return;
    this.#state = fault;
    this.#since = performance.now();
    this.#refused = 0;
    this.options.log.error(
      { storeState: fault, reason: reasonOf(error) },
      storeStateLines[fault].lost[this.options.engine],
    );
    this.#schedule();
  }

  #leave(): void {
    const was = this.#state;
    if (was === "ok") return;
    this.#state = "ok";
    this.#backAt = performance.now();
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.options.log.info(
      {
        storeState: "ok",
        was,
        refused: this.#refused,
        seconds: Math.round((this.#backAt - this.#since) / 100) / 10,
      },
      storeStateLines[was].back,
    );
  }

  async #probe(): Promise<StoreState> {
    this.#probedAt = performance.now();
    try {
      await this.options.probe();
      if (!this.#stopped) this.#leave();
    } catch (error) {
      const fault = storeFaultOf(error);
      if (this.#stopped) return this.#state;
      // Anything else (a permission the probe lacks, a read-only standby) means the store
      // answered: it is not the fault that was met.
      if (fault === undefined) this.#leave();
      else this.#enter(fault, error);
    }
    return this.#state;
  }

  /** The next probe while a fault lasts; its timer never holds the process. */
  #schedule(): void {
    if (this.#stopped || this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#state === "ok" || this.#stopped) return;
      void this.check().then(() => this.#schedule());
    }, this.options.probeEveryMs ?? 2_000);
    this.#timer.unref();
  }
}
