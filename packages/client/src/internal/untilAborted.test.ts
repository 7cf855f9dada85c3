import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { untilAborted } from "./untilAborted.js";

describe(untilAborted, () => {
  it("settles like the promise and leaves no listener on the signal", async () => {
    const { signal } = new AbortController();
    await expect(untilAborted(Promise.resolve("body"), signal)).resolves.toBe("body");
    const failure = new TypeError("fetch failed");
    await expect(untilAborted(Promise.reject(failure), signal)).rejects.toBe(failure);
    // Each try of a call adds one: left behind, they would pile up on the call's signal.
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("rejects with the reason when the signal aborts, and leaves no listener though the promise never settles", async () => {
    const controller = new AbortController();
    // A fetch that ignores its signal: only the abort ends the wait.
    const wait = untilAborted(new Promise(() => {}), controller.signal);
    const reason = new Error("timed out");
    controller.abort(reason);
    await expect(wait).rejects.toBe(reason);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("rejects with the reason of a signal that has already aborted, even when the promise would resolve", async () => {
    const reason = new Error("too late");
    await expect(untilAborted(Promise.resolve("body"), AbortSignal.abort(reason))).rejects.toBe(reason);
  });
});
