import { NotifiedLoop } from "../background/NotifiedLoop.js";
import type { Sql } from "../store/database/Sql.js";
import type { EventLog } from "./EventLog.js";
import {
  claimPruning,
  type PrunedBatch,
  pruneAttemptsBatch,
  pruneEventsBatch,
  pruneFromStart,
  pruneLateEventsBatch,
  pruneRetiredBatch,
  retiredKeptBeyondRetentionMs,
} from "./pruneRetention.js";

/** What the pruner tells its server's log and metrics. */
export interface PrunerObserver {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /** A round that found nothing to delete: an hourly line of zeros would bury the ones that count. */
  debug?(fields: object, message: string): void;
  /** Rows deleted from a table by this process. */
  pruned?(table: "events" | "webhook_attempts", rows: number): void;
}

/** How a pruner paces itself. */
export interface PrunerTiming {
  /** How often a deployment prunes: one process each time, whichever asks first. */
  everyMs: number;
  /** Rows per statement: each batch is short, so recording and deliveries wait on none for long. */
  batchRows: number;
  /** The clock the retention is counted from; tests may hold it. */
  now: () => number;
}

const defaultTiming: PrunerTiming = { everyMs: 3_600_000, batchRows: 5_000, now: Date.now };

/**
 * Deletes the recorded events older than the retention (`--events-retention`), with
 * their webhook deliveries, the webhook attempts as old, and the retired equipment a day
 * older (the removals `equipments.changes` answers), in batches, in ONE process
 * of a deployment at a time: every server asks once per `everyMs` and the first to ask
 * takes the round in the database (`claimPruning`); the others leave it. Each round is
 * logged with its counts: `pruned 1200 events older than 2026-08-28T10:00:00.000Z and
 * 30 webhook attempts`. A stopping server stops between two batches. Its
 * {@link NotifiedLoop} (on no channel: only time wakes it) keeps the pace and the stop.
 */
export class RetentionPruner {
  readonly #timing: PrunerTiming;
  readonly #loop: NotifiedLoop;

  /**
   * @param sql - the store's database
   * @param events - the store's events (their retention)
   * @param observer - the log and the metrics
   * @param timing - pacing; defaults suit a server
   */
  constructor(
    private readonly sql: Sql,
    private readonly events: EventLog,
    private readonly observer: PrunerObserver,
    timing: Partial<PrunerTiming> = {},
  ) {
    this.#timing = { ...defaultTiming, ...timing };
    this.#loop = new NotifiedLoop(sql, {
      name: "pruning old events",
      channels: [],
      round: () => this.#ask(),
      log: observer,
    });
  }

  /** Asks now (a deployment whose last round is older than `everyMs` prunes), then every `everyMs`. */
  start(): Promise<void> {
    return this.#loop.start();
  }

  /** Stops after the batch under way. */
  stop(): Promise<void> {
    return this.#loop.stop();
  }

  /**
   * One round of the loop: claims it, then prunes; answers when to ask again, `everyMs`
   * after this one began. A failure waits for that next round, not the loop's backoff:
   * the next round is soon enough for a deletion that can wait an hour.
   */
  async #ask(): Promise<number> {
    const began = performance.now();
    try {
      await this.round();
    } catch (error) {
      this.observer.error({ err: error }, "pruning old events failed; the next round tries again");
    }
    return Math.max(0, this.#timing.everyMs - (performance.now() - began));
  }

  /**
   * Runs one round now if this process takes it (none ran in the deployment for
   * `everyMs`): what the timer does, for tests and the bench to await.
   *
   * @returns whether it did
   */
  async round(): Promise<boolean> {
    if (!(await claimPruning(this.sql, this.#timing.everyMs))) return false;
    const started = performance.now();
    const cutoff = this.events.oldestKept(this.#timing.now());
    const walked = await this.#inBatches("events", pruneFromStart, (rows, after) =>
      pruneEventsBatch(this.sql, cutoff, rows, after),
    );
    const late = await this.#inBatches("events", walked.next, (rows, after) =>
      pruneLateEventsBatch(this.sql, cutoff, rows, after),
    );
    const events = walked.deleted + late.deleted;
    const { deleted: attempts } = await this.#inBatches("webhook_attempts", pruneFromStart, (rows, from) =>
      pruneAttemptsBatch(this.sql, cutoff, rows, from),
    );
    const retiredBefore = cutoff - retiredKeptBeyondRetentionMs;
    const { deleted: retired } = await this.#inBatches(undefined, pruneFromStart, (rows) =>
      pruneRetiredBatch(this.sql, retiredBefore, rows),
    );
    const olderThan = new Date(cutoff).toISOString();
    const fields = {
      events,
      attempts,
      retired,
      olderThan,
      durationMs: Math.round(performance.now() - started),
    };
    const message = `pruned ${events} events older than ${olderThan} and ${attempts} webhook attempts${
      retired > 0
        ? `, and ${retired} retired equipment retired before ${new Date(retiredBefore).toISOString()}`
        : ""
    }`;
    if (events + attempts + retired > 0) this.observer.info(fields, message);
    else this.observer.debug?.(fields, message);
    return true;
  }

  /**
   * Deletes batch after batch, each going on where the last ended, until one comes back
   * short or the server stops; answers the rows deleted and where the last batch ended.
   * Counted in the metrics under `table`, when there is one.
   */
  async #inBatches(
    table: "events" | "webhook_attempts" | undefined,
    from: number,
    batch: (rows: number, from: number) => Promise<PrunedBatch>,
  ): Promise<PrunedBatch> {
    let total = 0;
    let next = from;
    for (;;) {
      if (this.#loop.stopped) return { deleted: total, next };
      const done = await batch(this.#timing.batchRows, next);
      total += done.deleted;
      next = done.next;
      // Retired equipment has no label of the metric (the contract lists its tables): logged only.
      if (done.deleted > 0 && table) this.observer.pruned?.(table, done.deleted);
      if (done.deleted < this.#timing.batchRows) return { deleted: total, next };
    }
  }
}
