import { describe, expect, it } from "vitest";
import { defaultEventsRetentionMs } from "./events.list.js";
import { eventsWindowProblem } from "./eventsWindow.js";

const now = Date.UTC(2026, 10, 26);
const day = 86_400_000;

describe(eventsWindowProblem, () => {
  it("accepts a window within the retention that ends by now, and any window ahead", () => {
    expect(eventsWindowProblem({ from: now - 90 * day }, now)).toBeUndefined();
    expect(eventsWindowProblem({ from: now, to: now + 30 * day }, now)).toBeUndefined();
    expect(eventsWindowProblem({ from: now }, now)).toBeUndefined();
  });

  it("refuses a from older than the retention, naming the oldest instant kept", () => {
    expect(eventsWindowProblem({ from: now - 90 * day - 1 }, now)).toEqual({
      parameter: "from",
      description: `invalid parameter: from: events are kept for 90 days; the oldest instant kept is 2026-08-28T00:00:00.000Z (${now - defaultEventsRetentionMs})`,
    });
    expect(eventsWindowProblem({ from: now - 2 * day }, now, day)?.description).toContain(
      "kept for 24 hours;",
    );
  });

  // `--events-retention 2h` was said as "0.08 days", and 5m as "0 days".
  it("says the retention as it was configured, in its own unit", () => {
    const hour = 3_600_000;
    expect(eventsWindowProblem({ from: now - 3 * hour }, now, 2 * hour)?.description).toBe(
      `invalid parameter: from: events are kept for 2 hours; the oldest instant kept is 2026-11-25T22:00:00.000Z (${now - 2 * hour})`,
    );
    expect(eventsWindowProblem({ from: 0 }, now, 5 * 60_000)?.description).toContain("kept for 5 minutes;");
  });

  it("refuses a to before from, saying when to is the default", () => {
    expect(eventsWindowProblem({ from: now + 1 }, now)).toEqual({
      parameter: "to",
      description: `invalid parameter: to (default: the request's instant): 2026-11-26T00:00:00.000Z (${now}) is before from, 2026-11-26T00:00:00.001Z (${now + 1})`,
    });
    expect(eventsWindowProblem({ from: now, to: now - 1 }, now)?.parameter).toBe("to");
  });

  it("calls a to the caller gave plainly to", () => {
    expect(eventsWindowProblem({ from: now, to: now - 1 }, now)).toEqual({
      parameter: "to",
      description: `invalid parameter: to: 2026-11-25T23:59:59.999Z (${now - 1}) is before from, 2026-11-26T00:00:00.000Z (${now})`,
    });
  });

  it("names an instant past any calendar date by its milliseconds alone", () => {
    const far = Number.MAX_SAFE_INTEGER;
    expect(eventsWindowProblem({ from: far }, now)?.description).toContain(`before from, ${far}`);
  });

  // A JavaScript date reaches 8.64e15 ms (100 000 000 days) after the epoch, that instant included.
  it("names the latest instant a date reaches by its date", () => {
    expect(eventsWindowProblem({ from: 8.64e15 }, now)?.description).toBe(
      `invalid parameter: to (default: the request's instant): 2026-11-26T00:00:00.000Z (${now}) is before from, +275760-09-13T00:00:00.000Z (8640000000000000)`,
    );
  });
});
