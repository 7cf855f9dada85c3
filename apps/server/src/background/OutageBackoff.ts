import { durationWords } from "@wsafe/schema";

/** Where {@link OutageBackoff} reports. */
export interface OutageLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
  debug?(fields: object, message: string): void;
}

/** The first wait after a failure, and the longest. */
export const backoffMs = { first: 1000, most: 30_000 } as const;

/**
 * How a loop that works on the database waits and speaks while the database fails: it
 * tries again after 1 s, then waits twice as long each time up to 30 s, and logs once when
 * the failures begin and once when they end, never a line per try (those are `debug`).
 *
 * @example
 * const outage = new OutageBackoff(log, "webhook deliveries");
 * try { await claim(); outage.over(); } catch (error) { await sleep(outage.failed(error)); }
 */
export class OutageBackoff {
  #since: number | undefined;
  #waitMs = 0;
  #tries = 0;

  /**
   * @param log - the server's log
   * @param what - what pauses, for the lines: "webhook deliveries"
   */
  constructor(
    private readonly log: OutageLog,
    private readonly what: string,
  ) {}

  /** Whether the last try failed. */
  get failing(): boolean {
    return this.#since !== undefined;
  }

  /**
   * A try failed: answers how long to wait before the next.
   *
   * @param error - what the try threw (logged with the first failure)
   */
  failed(error: unknown): number {
    this.#tries++;
    if (this.#since === undefined) {
      this.#since = Date.now();
      this.#waitMs = backoffMs.first;
      this.log.error(
        { err: error },
        `${this.what} paused: the database failed (${error instanceof Error ? error.message : String(error)}); trying again in ${durationWords(backoffMs.first)}, then less often, up to every ${durationWords(backoffMs.most)}`,
      );
    } else {
      this.#waitMs = Math.min(this.#waitMs * 2, backoffMs.most);
      this.log.debug?.({ err: error, retryInMs: this.#waitMs }, `${this.what}: the database still fails`);
    }
    return this.#waitMs;
  }

  /** A try succeeded: says so once if tries had been failing. */
  over(): void {
    if (this.#since === undefined) return;
    const seconds = Math.round((Date.now() - this.#since) / 100) / 10;
    this.log.info(
      { downSeconds: seconds, tries: this.#tries },
      `${this.what} resumed: the database answers again after ${seconds} s`,
    );
    this.#since = undefined;
    this.#tries = 0;
  }
}
