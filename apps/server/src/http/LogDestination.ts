import { hostname } from "node:os";

/** The writable a {@link LogDestination} hands its lines to: `process.stdout`, or any stream. */
export interface LogTarget {
  write(chunk: string, callback: (error?: Error | null) => void): boolean;
  on(event: "error", listener: (error: Error) => void): unknown;
}

/** Most characters of log lines held while the target is not read; the lines after them are dropped and counted. */
export const heldLogLimit = 1 << 20;

/**
 * The JSON log line that says how many lines were dropped, in pino's shape, so that stdout
 * stays one JSON object a line.
 */
const droppedLine = (count: number) =>
  `${JSON.stringify({
    level: 40,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    dropped: count,
    msg: `${count} log line${count === 1 ? "" : "s"} dropped: stdout was not read; read it faster (a log shipper, a file) to keep every line`,
  })}\n`;

/**
 * Where the server's JSON log lines go: a sink for pino that never blocks the process and
 * never holds up its exit, whatever the reader of stdout does.
 *
 * The lines logged during one turn of the event loop are handed to the target together,
 * one write, and the next batch only once the target has taken the last, so a slow
 * reader costs memory, never a blocked thread: at most {@link heldLogLimit} characters
 * are held, then lines are dropped and counted, and the count is logged when the reader
 * takes lines again. A reader that is gone (`EPIPE`) ends the log: later lines are
 * discarded, and `onLost` is told once; serving goes on.
 *
 * Not `pino.destination()`: it writes from a thread of libuv's pool, which a full pipe
 * blocks, and a process cannot exit while a pool thread is blocked; and its exit hook
 * (`flushSync`) retries every 100 ms, for ever, a write that failed, `EPIPE` included,
 * with the main thread asleep between tries, so no signal is handled either. This
 * writes through `process.stdout`, which libuv writes without blocking on a pipe, and
 * has no exit hook: what the reader has not taken when the process exits is lost.
 *
 * @example
 * const log = new LogDestination(process.stdout);
 * const logger = pino({}, log);
 * await log.written(1000); // before process.exit: at most a second for the reader
 */
export class LogDestination {
  readonly #target: LogTarget;
  readonly #onLost: ((error: Error) => void) | undefined;
  #held: string[] = [];
  #heldLength = 0;
  #dropped = 0;
  #scheduled = false;
  /** Batches handed to the target and not yet called back. */
  #inFlight = 0;
  #lost = false;
  #waiters: (() => void)[] = [];

  /**
   * @param target - where the lines go, usually `process.stdout`
   * @param onLost - told once when the target fails (its reader is gone)
   */
  constructor(target: LogTarget, onLost?: (error: Error) => void) {
    this.#target = target;
    this.#onLost = onLost;
    target.on("error", (error) => this.#lose(error));
  }

  /** Whether the target failed and lines are now discarded. */
  get lost(): boolean {
    return this.#lost;
  }

  /**
   * Takes one log line (pino's `stream.write`); it is written with the others of this
   * turn of the event loop.
   *
   * @param line - a whole line, its newline included
   */
  write(line: string): boolean {
    if (this.#lost) return true;
    if (this.#heldLength + line.length > heldLogLimit) {
      this.#dropped += 1;
      return false;
    }
    this.#held.push(line);
    this.#heldLength += line.length;
    if (!this.#scheduled && this.#inFlight === 0) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.#writeHeld();
      });
    }
    return true;
  }

  /**
   * Hands every held line to the target now (pino's `logger.flush`), even while it has
   * not taken the last batch yet: a pipe with room takes them before this returns, which
   * is what a process about to exit wants. `callback` runs once they are written, or the
   * log is lost.
   *
   * @param callback - called once everything handed over is written
   */
  flush(callback?: (error?: Error) => void): void {
    this.#writeHeld(true);
    if (callback) void this.written(Number.POSITIVE_INFINITY).then(() => callback());
  }

  /**
   * Resolves once every line taken is written (or the log is lost), or after `timeoutMs`,
   * whichever comes first: a stop waits for its last lines, never for a reader that
   * stopped reading.
   *
   * @param timeoutMs - the longest wait
   */
  written(timeoutMs: number): Promise<void> {
    if (this.#idle()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = Number.isFinite(timeoutMs) ? setTimeout(resolve, timeoutMs) : undefined;
      timer?.unref();
      this.#waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  #idle(): boolean {
    return this.#lost || (this.#inFlight === 0 && this.#held.length === 0 && this.#dropped === 0);
  }

  #writeHeld(evenWhileWriting = false): void {
    if (this.#lost || (this.#inFlight > 0 && !evenWhileWriting)) return;
    if (this.#held.length === 0 && this.#dropped === 0) {
      this.#settle();
      return;
    }
    // The count goes after the lines held when the first was dropped, before any later.
    const text = this.#held.join("") + (this.#dropped > 0 ? droppedLine(this.#dropped) : "");
    this.#held = [];
    this.#heldLength = 0;
    this.#dropped = 0;
    this.#inFlight += 1;
    this.#target.write(text, (error) => {
      this.#inFlight -= 1;
      if (error) this.#lose(error);
      else this.#writeHeld();
    });
  }

  #lose(error: Error): void {
    if (this.#lost) return;
    this.#lost = true;
    this.#held = [];
    this.#heldLength = 0;
    this.#dropped = 0;
    this.#onLost?.(error);
    this.#settle();
  }

  #settle(): void {
    if (!this.#idle()) return;
    for (const waiter of this.#waiters.splice(0)) waiter();
  }
}
