import type { Random } from "./createRandom.js";
import { DAY } from "./DAY.js";
import type { ScheduleStatus } from "./ScheduleStatus.js";

/**
 * The dates of one schedule, arranged so that at `now` it has the wanted status: it
 * expires after its warning window (up to date), within it (expiring) or before `now`
 * (expired); a never-completed schedule has no dates. The warning window is a sixth of
 * the period, at least a day; dates fall on whole seconds.
 *
 * @example
 * scheduleDates(random, Date.UTC(2026, 10, 1), "expiring", 365); // expiresOn within 61 days
 */
export function scheduleDates(random: Random, now: number, kind: ScheduleStatus, periodDays: number) {
  if (kind === "never") return { expiresOn: null, expiringOn: null, lastCompletedOn: null };
  const warning = Math.max(1, Math.round(periodDays / 6)) * DAY;
  let expiresOn: number;
  if (kind === "uptodate") expiresOn = now + warning + random.int(1, Math.max(2, periodDays)) * DAY;
  else if (kind === "expiring")
    expiresOn = now + random.int(1, Math.max(1, Math.floor(warning / DAY) - 1)) * DAY;
  else expiresOn = now - random.int(1, 200) * DAY;
  expiresOn = Math.floor(expiresOn / 1000) * 1000;
  return { expiresOn, expiringOn: expiresOn - warning, lastCompletedOn: expiresOn - periodDays * DAY };
}
