/**
 * Settles like `promise`, or rejects as soon as `signal` aborts: a `fetch` or a body
 * stream that ignores the signal cannot hold the call past its timeout.
 *
 * @example
 * const response = await untilAborted(fetch(url, init), signal);
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
