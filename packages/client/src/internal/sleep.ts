/**
 * Resolves after `ms`, or rejects with the signal's reason as soon as it aborts, so that
 * an abort or timeout during a retry's wait ends the call at once (and leaves no timer
 * behind to keep a Node process alive).
 *
 * @example
 * await sleep(250, controller.signal);
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      Math.min(ms, 2 ** 31 - 1),
    ); // a longer timer would overflow and fire at once
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
