/**
 * Fixed-window request counters per key in this process's memory, with the semantics
 * of `rate-limiter-flexible`'s `RateLimiterMemory` as the server used it (one point per
 * request, no block duration, no even spreading): a key's window opens at its first
 * request and lasts `durationSeconds`; every request in it counts, refused ones
 * included; a request that makes the count exceed `points` is refused until the window
 * ends, and the next request after that opens a new window.
 *
 * Synchronous, so the `rate_limit` check of a server without Redis costs no promise,
 * and one timer sweeps ended windows instead of one timer per window, only while some
 * window is kept: an idle server wakes for nothing.
 */
export class MemoryRateCounter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #durationMs: number;
  #sweeper: ReturnType<typeof setInterval> | undefined;

  /**
   * @param points - requests allowed per window
   * @param durationSeconds - the window's length
   */
  constructor(
    private readonly points: number,
    durationSeconds: number,
  ) {
    this.#durationMs = durationSeconds * 1000;
  }

  /**
   * Counts one request of `key`.
   *
   * @param key - a stable non-secret key of the caller
   * @param now - the instant, ms since the epoch
   * @returns `undefined` when allowed; else the ms until the window ends (at least 1)
   */
  consume(key: string, now: number = Date.now()): number | undefined {
    const window = this.#windows.get(key);
    if (window === undefined || window.endsAt - now <= 0) {
      this.#windows.set(key, { count: 1, endsAt: now + this.#durationMs });
      this.#sweepLater();
      return 1 > this.points ? this.#durationMs : undefined;
    }
    window.count++;
    return window.count > this.points ? window.endsAt - now : undefined;
  }

  /** Forgets the windows that ended by `now`; the timer stops once none is left. */
  sweep(now: number): void {
    for (const [key, window] of this.#windows) if (window.endsAt - now <= 0) this.#windows.delete(key);
    if (this.#windows.size === 0) this.close();
  }

  /**
   * Ended windows are forgotten within one more window length, so memory holds only the
   * keys seen lately. unref: the sweep never keeps a process alive.
   */
  #sweepLater(): void {
    if (this.#sweeper) return;
    this.#sweeper = setInterval(() => this.sweep(Date.now()), Math.max(this.#durationMs, 1000));
    this.#sweeper.unref();
  }

  /** How many keys have a window (for tests). */
  get size(): number {
    return this.#windows.size;
  }

  /** Stops the sweeping timer (a window kept from now on starts it again). */
  close(): void {
    clearInterval(this.#sweeper);
    this.#sweeper = undefined;
  }

  /** Whether the sweeping timer runs (for tests). */
  get sweeping(): boolean {
    return this.#sweeper !== undefined;
  }
}
