/**
 * How a loop sleeps until something may have changed: a wake-up that comes while the loop
 * is busy is kept, so the next sleep returns at once instead of missing it (a
 * notification that arrives while a claim is running may be about rows the claim did not
 * see).
 */
export class Wakeup {
  #pending = false;
  #interrupted = false;
  #resolve: (() => void) | undefined;
  #timer: NodeJS.Timeout | undefined;

  /** Something may have changed: ends the current sleep, or the next one at once. */
  wake(): void {
    this.#pending = true;
    this.#resolve?.();
  }

  /** Ends the current sleep and every later one at once, even one that ignores wake-ups: the loop is stopping. */
  interrupt(): void {
    this.#interrupted = true;
    this.#resolve?.();
  }

  /** Forgets the wake-ups so far: the loop is about to look at everything anew. */
  clear(): void {
    this.#pending = false;
  }

  /**
   * Sleeps for `ms` (forever when `undefined`), or until {@link wake} (unless
   * `wakeable` is false) or {@link interrupt}.
   *
   * @param ms - the longest sleep
   * @param wakeable - whether a wake-up ends it (a back-off after a failure keeps its time)
   */
  sleep(ms: number | undefined, wakeable = true): Promise<void> {
    if (this.#interrupted || (wakeable && this.#pending)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(this.#timer);
        this.#resolve = undefined;
        resolve();
      };
      this.#resolve = () => {
        if (this.#interrupted || wakeable) done();
      };
      // The owner's stop ends the sleep: a sleeping loop keeps no process alive.
      if (ms !== undefined) this.#timer = setTimeout(done, Math.max(0, ms)).unref();
    });
  }
}
