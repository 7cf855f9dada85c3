import { describe, expect, it } from "vitest";
import { ServerParts } from "./ServerParts.js";

/** Parts that write what happens to them into one journal, in order. */
function journaled(signal?: AbortSignal) {
  const journal: string[] = [];
  const failures: string[] = [];
  const parts = new ServerParts(
    (part, error) => failures.push(`${part}: ${error instanceof Error ? error.message : error}`),
    signal,
  );
  const start = (name: string, options: { failStart?: boolean; failStop?: boolean } = {}) =>
    parts.start(
      name,
      async () => {
        if (options.failStart) throw new Error(`${name} cannot start`);
        journal.push(`start ${name}`);
        return name.toUpperCase();
      },
      async (started) => {
        journal.push(`stop ${started}`);
        if (options.failStop) throw new Error(`${name} cannot stop`);
      },
    );
  return { parts, start, journal, failures };
}

describe(ServerParts, () => {
  it("starts parts in order, hands on what each started, and stops them in reverse, each once", async () => {
    const { parts, start, journal } = journaled();
    expect(await start("store")).toBe("STORE");
    // A step that leaves nothing running has no stop.
    await parts.start("demo import", () => journal.push("import"));
    await start("listener");
    await parts.stop();
    await parts.stop();
    expect(journal).toEqual(["start store", "import", "start listener", "stop LISTENER", "stop STORE"]);
  });

  it("rolls a failed start back: the parts before it stop in reverse, and its own error comes out unchanged", async () => {
    const { parts, start, journal } = journaled();
    const failure = await (async () => {
      try {
        await start("store");
        await start("rate limiter");
        await start("listener", { failStart: true });
        await start("recorder");
      } catch (error) {
        return parts.rollBack(error);
      }
    })().catch((error: unknown) => error);
    expect(failure).toEqual(new Error("listener cannot start"));
    expect(journal).toEqual(["start store", "start rate limiter", "stop RATE LIMITER", "stop STORE"]);
  });

  it("calls a start off at its signal: the part under way finishes, no later part starts, and all stop in reverse", async () => {
    const callOff = new AbortController();
    const { parts, start, journal } = journaled(callOff.signal);
    const failure = await (async () => {
      try {
        await start("store");
        // Aborted while this part starts: it cannot be cut halfway, so it is started, and stopped.
        await parts.start(
          "listener",
          async () => {
            callOff.abort(new Error("SIGTERM"));
            journal.push("start listener");
          },
          () => {
            journal.push("stop listener");
          },
        );
        await start("recorder");
      } catch (error) {
        return parts.rollBack(error);
      }
    })().catch((error: unknown) => error);
    expect(failure).toEqual(new Error("SIGTERM"));
    expect(journal).toEqual(["start store", "start listener", "stop listener", "stop STORE"]);
    // Called off before it began, a start starts nothing.
    const none = journaled(callOff.signal);
    await expect(none.start("store")).rejects.toThrow("SIGTERM");
    expect(none.journal).toEqual([]);
  });

  it("stops every part when one fails to stop, tells of it, and throws that failure last", async () => {
    const { parts, start, journal, failures } = journaled();
    await start("store");
    await start("rate limiter", { failStop: true });
    await start("listener", { failStop: true });
    await expect(parts.stop()).rejects.toThrow("listener cannot stop");
    // The store is closed although two parts above it failed to stop.
    expect(journal.slice(-3)).toEqual(["stop LISTENER", "stop RATE LIMITER", "stop STORE"]);
    expect(failures).toEqual(["listener: listener cannot stop", "rate limiter: rate limiter cannot stop"]);
  });

  it("keeps a failed start's own error when a part fails to stop in the rollback", async () => {
    const { parts, start, journal, failures } = journaled();
    await start("store");
    await start("rate limiter", { failStop: true });
    await expect(parts.rollBack(new Error("the listener's port is taken"))).rejects.toThrow(
      "the listener's port is taken",
    );
    expect(journal.slice(-2)).toEqual(["stop RATE LIMITER", "stop STORE"]);
    expect(failures).toEqual(["rate limiter: rate limiter cannot stop"]);
  });
});
