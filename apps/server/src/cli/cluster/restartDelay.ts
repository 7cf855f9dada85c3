/** The first restart of a crashed worker waits this long; each quick crash after it doubles the wait. */
export const firstRestartDelayMs = 500;
/** The longest wait before a restart. */
export const maxRestartDelayMs = 30_000;
/** A worker that ran this long before it exited was healthy: its restart starts the doubling over. */
export const healthyRunMs = 30_000;

/**
 * How long to wait before starting a worker in place of one that exited unexpectedly:
 * at once-ish after a healthy run, then doubling with each crash that follows quickly on
 * the last (a worker that cannot start, a database that is down), up to
 * {@link maxRestartDelayMs}, so a crash loop neither spins the CPU nor floods the log.
 *
 * @param quickCrashes - crashes in a row, each within {@link healthyRunMs} of its start, this one included
 * @example
 * restartDelay(1); // 500
 * restartDelay(4); // 4000
 */
export function restartDelay(quickCrashes: number): number {
  return Math.min(maxRestartDelayMs, firstRestartDelayMs * 2 ** Math.max(0, quickCrashes - 1));
}
