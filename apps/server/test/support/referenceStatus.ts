// The status rules, written by hand from what the schema tells people - the Schedule
// record's description, `statusMeanings` and the equipment's status field - and on
// purpose not from the schema's rule data (`scheduleStatusRules`, `scheduleStatusAt`)
// nor from the server's SQL generator: a test that compared the server with its own
// source would pass whatever that source said. referenceStatus.test.ts pins the texts
// this was written from, so a change of the rules fails there first.
import type { Status } from "@wsafe/schema";

/** The stored dates of a schedule (ms since the epoch, or null). */
export interface ReferenceScheduleDates {
  expiresOn: number | null;
  expiringOn: number | null;
  lastCompletedOn: number | null;
}

/**
 * A schedule's status at the evaluation instant `now`, by the first rule that holds:
 * `expiresOn` or `lastCompletedOn` is null (never completed) → expired; `now >=
 * expiresOn` → expired; `now >= expiringOn` → expiring; otherwise uptodate.
 *
 * @param dates - the schedule's stored dates
 * @param now - the evaluation instant
 */
export function referenceScheduleStatus(dates: ReferenceScheduleDates, now: number): Status {
  if (dates.expiresOn === null || dates.lastCompletedOn === null) return "expired";
  if (now >= dates.expiresOn) return "expired";
  // "the evaluation instant has reached `expiringOn`": a null date is never reached.
  if (dates.expiringOn !== null && now >= dates.expiringOn) return "expiring";
  return "uptodate";
}

/**
 * An equipment's status: the most severe of its schedules' (expired before expiring
 * before uptodate), uptodate when it has none.
 *
 * @param statuses - its schedules' statuses
 */
export function referenceEquipmentStatus(statuses: readonly Status[]): Status {
  if (statuses.includes("expired")) return "expired";
  if (statuses.includes("expiring")) return "expiring";
  return "uptodate";
}
