import type { Success } from "./recordSuccesses.js";

/** The most successes one statement records; more wait for the next. */
export const successBatchLimit = 256;

/** Writes one batch in one statement: for each success, in order, what it came to. */
export type WriteSuccesses<Result> = (successes: readonly Success[]) => Promise<readonly Result[]>;

interface Waiting<Result> {
  readonly success: Success;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Records successful attempts in batches, as a database commits a group: the first is
 * written at once, alone; those that end while a write is under way are written together
 * by the next, in one statement. A busy endpoint's slots then free after one round trip
 * shared by every attempt that ended meanwhile, never a transaction each, and a quiet
 * server waits for no batch to fill.
 *
 * @example
 * const batches = new SuccessBatches(async (successes) => (await recordSuccesses(sql, successes)).recorded);
 * const recorded = await batches.record({ delivery, outcome }); // "succeeded" or "stale"
 */
export class SuccessBatches<Result> {
  readonly #waiting: Waiting<Result>[] = [];
  #writing = false;

  /** @param write - writes one batch in one statement */
  constructor(private readonly write: WriteSuccesses<Result>) {}

  /**
   * Records one success with whatever else ends meanwhile.
   *
   * @param success - the attempt and its delivery
   * @returns what the write said of it
   * @throws what the statement threw: every success of its batch is then unrecorded
   */
  record(success: Success): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ success, resolve, reject });
      if (!this.#writing) void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    this.#writing = true;
    // One turn of the event loop first: answers that arrived together (read in the same
    // poll of the sockets) are then written together, even on the embedded store, whose
    // statements leave nothing else to run while they run.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, successBatchLimit);
      try {
        const recorded = await this.write(batch.map((waiting) => waiting.success));
        for (const [index, waiting] of batch.entries()) {
          const result = recorded[index];
          if (result === undefined)
            waiting.reject(new Error("a batch of successes was written without its result"));
          else waiting.resolve(result);
        }
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.#writing = false;
  }
}
