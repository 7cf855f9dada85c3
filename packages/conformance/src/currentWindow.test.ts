import { defaultEventsRetentionMs } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { currentWindow } from "./currentWindow.js";

const now = Date.UTC(2031, 0, 1);
const day = 86_400_000;

describe(currentWindow, () => {
  it("moves a window older than the retention to start now, keeping its length", () => {
    expect(currentWindow({ from: now - 400 * day, to: now - 370 * day, limit: 2 }, now)).toEqual({
      from: now,
      to: now + 30 * day,
      limit: 2,
    });
    expect(currentWindow({ from: now - defaultEventsRetentionMs - 1 }, now)).toEqual({ from: now });
  });

  // A deployment whose data arrived a few days into the examples' window answered its
  // whole import there (a list too long to walk); from now on, it answers what falls due.
  it("moves a window that began in the past, within the retention, to start now", () => {
    expect(currentWindow({ from: now - 6 * day, to: now + 24 * day }, now)).toEqual({
      from: now,
      to: now + 30 * day,
    });
    expect(currentWindow({ from: now - 1 }, now)).toEqual({ from: now });
  });

  it("keeps a window that starts now or later, and data without a window", () => {
    const ahead = { from: now, to: now + day };
    expect(currentWindow(ahead, now)).toBe(ahead);
    const other = { equipmentType_id: "et_harness", as_of: 0 };
    expect(currentWindow(other, now)).toBe(other);
  });
});
