import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sleep } from "./sleep.js";

afterEach(() => vi.useRealTimers());

/** Whether `promise` has settled once pending timers up to now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe(sleep, () => {
  it("resolves after the time given and leaves no listener on the signal", async () => {
    vi.useFakeTimers();
    const { signal } = new AbortController();
    const wait = sleep(250, signal);
    await vi.advanceTimersByTimeAsync(249);
    expect(await settled(wait)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(wait).resolves.toBeUndefined();
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("rejects with the reason as soon as the signal aborts, and leaves no timer and no listener", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const wait = sleep(60_000, controller.signal);
    const reason = new Error("user left");
    controller.abort(reason);
    await expect(wait).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("rejects at once with the reason of a signal that has already aborted", async () => {
    vi.useFakeTimers();
    const reason = new Error("too late");
    const wait = sleep(60_000, AbortSignal.abort(reason));
    expect(await settled(wait)).toBe(true);
    await expect(wait).rejects.toBe(reason);
  });

  it("waits past 2^31 ms rather than letting the timer overflow and fire at once", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const wait = sleep(2 ** 32, controller.signal);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(wait)).toBe(false);
    controller.abort();
    await expect(wait).rejects.toBeDefined();
  });
});
