import { afterEach, describe, expect, it } from "vitest";
import { StoreAvailability } from "./StoreAvailability.js";

const diskFull = Object.assign(new Error('could not extend file "base/5/16732": No space left on device'), {
  code: "53100",
});
const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

/** A store whose write probe fails with `failure` until it is set to `undefined`. */
function scene(engine: "pglite" | "postgres" = "pglite", probeEveryMs = 60_000, probeGapMs = 0) {
  const lines: { level: string; fields: { storeState?: unknown }; message: string }[] = [];
  const state: { failure: unknown; probes: number } = { failure: diskFull, probes: 0 };
  const availability = new StoreAvailability({
    probe: async () => {
      state.probes++;
      if (state.failure !== undefined) throw state.failure;
    },
    log: {
      info: (fields, message) => lines.push({ level: "info", fields: { ...fields }, message }),
      error: (fields, message) => lines.push({ level: "error", fields: { ...fields }, message }),
    },
    engine,
    probeEveryMs,
    probeGapMs,
  });
  return { lines, state, availability };
}

describe(StoreAvailability, () => {
  const made: StoreAvailability[] = [];
  afterEach(() => {
    for (const availability of made.splice(0)) availability.stop();
  });

  it("asks nothing while no fault is known", async () => {
    const { availability, state, lines } = scene();
    made.push(availability);
    expect(await availability.check()).toBe("ok");
    expect(state.probes).toBe(0);
    expect(lines).toEqual([]);
  });

  it("says a full disk once however many requests it refuses, and its end once, with the count", async () => {
    const { availability, state, lines } = scene("pglite");
    made.push(availability);
    for (let i = 0; i < 5; i++) availability.refused("disk_full", diskFull, performance.now());
    expect(await availability.check()).toBe("disk_full");
    expect(await availability.check()).toBe("disk_full");
    expect(lines).toEqual([
      {
        level: "error",
        fields: { storeState: "disk_full", reason: diskFull.message },
        message:
          "the store's disk is full: every write answers server_error until space is freed on the disk of --database; reads still answer, /readyz answers 503 (disk: full), and the server writes again by itself once it can",
      },
    ]);
    state.failure = undefined;
    expect(await availability.check()).toBe("ok");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({
      level: "info",
      fields: { storeState: "ok", was: "disk_full", refused: 5 },
      message: "the store writes again: its disk has room; /readyz answers 200 again",
    });
    expect(state.probes).toBe(3);
  });

  it("ignores a request that began before the store came back: it met the fault that ended", async () => {
    const { availability, state, lines } = scene("postgres");
    made.push(availability);
    const before = performance.now();
    availability.refused("unreachable", refused, before);
    state.failure = undefined;
    expect(await availability.check()).toBe("ok");
    availability.refused("unreachable", refused, before);
    expect(availability.state).toBe("ok");
    expect(lines.map((line) => line.message)).toEqual([
      "the database is unreachable: requests that need it answer server_error until it is back; check that PostgreSQL runs and that --database names it; the server reconnects by itself",
      "the database is back: requests are answered again",
    ]);
    // A request that begins after it does say the next outage.
    availability.refused("unreachable", refused, performance.now());
    expect(availability.state).toBe("unreachable");
    expect(lines).toHaveLength(3);
  });

  it("says a change from one fault to the other, and names PostgreSQL's disk on PostgreSQL", async () => {
    const { availability, state, lines } = scene("postgres");
    made.push(availability);
    availability.refused("unreachable", refused, performance.now());
    state.failure = diskFull;
    expect(await availability.check()).toBe("disk_full");
    expect(lines.map((line) => line.fields.storeState)).toEqual(["unreachable", "disk_full"]);
    expect(lines[1]?.message).toContain("until space is freed on the PostgreSQL server's disk");
  });

  it("counts a store that answers with another error as back: the fault it met is over", async () => {
    const { availability, state } = scene();
    made.push(availability);
    availability.refused("disk_full", diskFull, performance.now());
    state.failure = Object.assign(new Error("permission denied to create temporary tables"), {
      code: "42501",
    });
    expect(await availability.check()).toBe("ok");
  });

  it("probes by itself while a fault lasts, so the end is said without a request or a readiness call", async () => {
    const { availability, state, lines } = scene("pglite", 20);
    made.push(availability);
    availability.refused("disk_full", diskFull, performance.now());
    await expect.poll(() => state.probes).toBeGreaterThanOrEqual(2);
    expect(availability.state).toBe("disk_full");
    state.failure = undefined;
    await expect.poll(() => availability.state).toBe("ok");
    const probes = state.probes;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Back to idle: no probe once the store writes.
    expect(state.probes).toBe(probes);
    expect(lines).toHaveLength(2);
  });

  it("probes at most once a probeGapMs, however often it is asked", async () => {
    const { availability, state } = scene("pglite", 60_000, 60_000);
    made.push(availability);
    availability.refused("disk_full", diskFull, performance.now());
    const answers = [await availability.check(), await availability.check(), await availability.check()];
    expect(answers).toEqual(["disk_full", "disk_full", "disk_full"]);
    expect(state.probes).toBe(1);
  });

  it("says nothing more once stopped", async () => {
    const { availability, state, lines } = scene("pglite", 20);
    availability.refused("disk_full", diskFull, performance.now());
    availability.stop();
    state.failure = undefined;
    await new Promise((resolve) => setTimeout(resolve, 100));
    availability.refused("disk_full", diskFull, performance.now());
    expect(state.probes).toBe(0);
    expect(lines).toHaveLength(1);
  });
});
