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

  it("keeps a window the service answers, and data without a window", () => {
    const fresh = { from: now - day, to: now + day };
    expect(currentWindow(fresh, now)).toBe(fresh);
    const other = { equipmentType_id: "et_harness", as_of: 0 };
    expect(currentWindow(other, now)).toBe(other);
  });
});
