/** How long {@link eventually} waits, and how it says what it waited for. */
export interface EventuallyOptions {
  /** Give up after this many milliseconds; default 10 000. */
  timeoutMs?: number;
  /** Wait this long between two probes; default 20 ms. */
  intervalMs?: number;
}

/**
 * Asks `probe` again until it answers true, for what happens after the call that
 * caused it returned (a notification after a commit, a socket the server closes).
 * Not a timed assertion: the timeout only ends a test that would otherwise hang.
 *
 * @param probe - answers whether the awaited state is reached
 * @param what - the state, for the error: "timed out waiting until {what}"
 * @example
 * import { eventually } from "@wsafe/test-support";
 * await eventually(() => cache.size === 0, "the cache is emptied");
 */
export async function eventually(
  probe: () => Promise<boolean> | boolean,
  what: string,
  { timeoutMs = 10_000, intervalMs = 20 }: EventuallyOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
