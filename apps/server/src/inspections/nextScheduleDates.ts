import { addDuration, type InspectionResult } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";

/** A schedule's stored dates and durations, as an inspection finds them. */
export interface ScheduleState {
  expiresOn: number | null;
  expiringOn: number | null;
  lastCompletedOn: number | null;
  interval: string | null;
  warning: string | null;
}

/** What an inspection says about the schedule's next dates. */
export interface InspectionOutcome {
  result: InspectionResult;
  performedAt: number;
  /** The inspector's own next dates, if given. */
  expiresOn?: number | undefined;
  expiringOn?: number | undefined;
}

/** A schedule's dates after an inspection. */
export interface ScheduleDatesAfter {
  expiresOn: number;
  expiringOn: number;
  lastCompletedOn: number | null;
}

/**
 * The schedule's dates after an inspection that moves them (not a late entry):
 *
 * - passed: `lastCompletedOn` is `performed_at`; `expiresOn` the inspector's, or
 *   `performed_at` plus the schedule's `interval`; `expiringOn` the inspector's, or
 *   `expiresOn` minus the schedule's `warning`, or `expiresOn` itself without one;
 * - failed: expired from `performed_at`: `expiresOn` is `performed_at`, and so is an
 *   `expiringOn` after it (a schedule is never expiring after it expired); `lastCompletedOn`
 *   stays.
 *
 * The inspector's dates were checked against each other and `performed_at` with the other
 * parameters (`inspectionRecordProblem`); what needs the schedule is checked here.
 *
 * @param outcome - the inspection
 * @param schedule - the schedule as it stands
 * @throws ApiError `parameter_missing` naming `expiresOn` for a passed inspection of a
 *   schedule without `interval` that gives none; `parameter_invalid` naming `expiringOn`
 *   when the inspector's is after the `expiresOn` the interval gives
 */
export function nextScheduleDates(outcome: InspectionOutcome, schedule: ScheduleState): ScheduleDatesAfter {
  const { performedAt } = outcome;
  if (outcome.result === "failed")
    return {
      expiresOn: performedAt,
      expiringOn: Math.min(schedule.expiringOn ?? performedAt, performedAt),
      lastCompletedOn: schedule.lastCompletedOn,
    };
  let expiresOn = outcome.expiresOn;
  if (expiresOn === undefined) {
    if (schedule.interval === null)
      throw new ApiError(
        "parameter_missing",
        "missing parameter: expiresOn: the schedule has no interval to compute the next due date from; give expiresOn, or an interval to the schedule (import)",
      );
    expiresOn = addDuration(performedAt, schedule.interval);
  }
  let expiringOn = outcome.expiringOn;
  if (expiringOn === undefined)
    expiringOn = schedule.warning === null ? expiresOn : addDuration(expiresOn, schedule.warning, -1);
  else if (expiringOn > expiresOn)
    throw new ApiError(
      "parameter_invalid",
      `invalid parameter: expiringOn: ${new Date(expiringOn).toISOString()} (${expiringOn}) is after the expiresOn the schedule's interval ${schedule.interval} gives, ${new Date(expiresOn).toISOString()} (${expiresOn})`,
    );
  return { expiresOn, expiringOn, lastCompletedOn: performedAt };
}
