import { describe, expect, it } from "vitest";
import { createRandom } from "./createRandom.js";
import { DAY } from "./DAY.js";
import { scheduleDates } from "./scheduleDates.js";

const now = Date.UTC(2026, 10, 1, 12, 30, 15, 500);

/** The status the server derives from a schedule's dates at `now`. */
const statusAt = (at: number, dates: ReturnType<typeof scheduleDates>) => {
  if (dates.expiresOn === null || dates.lastCompletedOn === null) return "never";
  if (at >= dates.expiresOn) return "expired";
  if (dates.expiringOn !== null && at >= dates.expiringOn) return "expiring";
  return "uptodate";
};

describe(scheduleDates, () => {
  it.each(["uptodate", "expiring", "expired"] as const)(
    "arranges the dates so that the status at now is %s",
    (kind) => {
      const random = createRandom(5);
      for (const period of [7, 30, 365]) {
        for (let i = 0; i < 200; i++)
          expect(statusAt(now, scheduleDates(random, now, kind, period))).toBe(kind);
      }
    },
  );

  it("gives a never-completed schedule no dates, without drawing", () => {
    const random = createRandom(1);
    expect(scheduleDates(random, now, "never", 30)).toEqual({
      expiresOn: null,
      expiringOn: null,
      lastCompletedOn: null,
    });
    expect(random.next()).toBe(createRandom(1).next());
  });

  it("warns a sixth of the period ahead, at least a day, and completes a period before expiry", () => {
    const monthly = scheduleDates(createRandom(2), now, "uptodate", 30);
    expect(monthly.expiresOn! - monthly.expiringOn!).toBe(5 * DAY);
    expect(monthly.expiresOn! - monthly.lastCompletedOn!).toBe(30 * DAY);
    const weekly = scheduleDates(createRandom(2), now, "uptodate", 3);
    expect(weekly.expiresOn! - weekly.expiringOn!).toBe(DAY);
  });

  it("puts every date on a whole second", () => {
    const dates = scheduleDates(createRandom(4), now, "expired", 365);
    for (const value of Object.values(dates)) expect(value! % 1000).toBe(0);
  });
});
