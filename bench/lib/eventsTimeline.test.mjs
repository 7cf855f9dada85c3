import { describe, expect, it } from "vitest";
import { DAY, eventsTimeline, listWindowOf } from "./eventsTimeline.mjs";

describe("eventsTimeline", () => {
  const t = eventsTimeline(Date.UTC(2026, 11, 1, 9, 30, 15, 250));

  it("places the import 30 days before the reference, on whole seconds", () => {
    expect(t.reference).toBe(Date.UTC(2026, 11, 1, 9, 30, 15));
    expect(t.importAt).toBe(t.reference - 30 * DAY);
  });

  it("records the 30 days after the import one day at a time, with neither gap nor overlap", () => {
    expect(t.dayWindows).toHaveLength(30);
    expect(t.dayWindows[0].after).toBe(t.importAt);
    expect(t.dayWindows.at(-1)?.upTo).toBe(t.reference);
    for (let i = 1; i < t.dayWindows.length; i++)
      expect(t.dayWindows[i].after).toBe(t.dayWindows[i - 1].upTo);
  });

  it("lists the recorded past without the import's own instant, and the 30 days ahead", () => {
    expect(t.past).toEqual({ from: t.importAt + 1, to: t.reference });
    expect(t.future).toEqual({ from: t.reference + 1, to: t.reference + 30 * DAY });
    // What the recorder records in (after, upTo] is events.list's [after + 1, upTo].
    expect(listWindowOf({ after: t.importAt, upTo: t.reference })).toEqual(t.past);
  });
});
