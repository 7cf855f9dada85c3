import { durationWords } from "../durationText.js";

/**
 * How far ahead of the service's clock an inspection's `performed_at` may lie: 5 minutes,
 * for the clock of an inspector's device that runs fast (Kerberos allows the same skew).
 * A later `performed_at` is `parameter_invalid`.
 */
export const inspectionClockSkewMs = 5 * 60 * 1000;

/** A request that breaks a rule no JSON Schema can say: the parameter at fault and why. */
export interface ParameterProblem {
  error: "parameter_invalid";
  parameter: string;
  /** The `description` of the failure it answers. */
  description: string;
}

/** The largest instant a JavaScript date holds: ±100 000 000 days from the epoch. */
const maxDateMs = 8.64e15;

/**
 * An instant for people and for code: ISO 8601, then the milliseconds the API takes; only
 * the milliseconds for an instant no calendar date can name.
 */
const instantText = (ms: number) =>
  Math.abs(ms) <= maxDateMs ? `${new Date(ms).toISOString()} (${ms})` : String(ms);

/** The parameters of `inspections.record` that {@link inspectionRecordProblem} reads. */
export interface InspectionDates {
  result: "passed" | "failed";
  performed_at?: number | undefined;
  expiresOn?: number | undefined;
  expiringOn?: number | undefined;
}

/**
 * The rules of `inspections.record`'s dates that depend on each other or on the request's
 * instant: `performed_at` at most {@link inspectionClockSkewMs} after the instant; a failed
 * inspection sets no next date (it expires the schedule at `performed_at`); `expiresOn`
 * after `performed_at`; `expiringOn` not after `expiresOn`. Checked with the other
 * parameters, before anything is looked up; the server, the conformance kit and the
 * fuzzer's oracle all read them here.
 *
 * @param params - the request's result and dates
 * @param now - the request's instant (ms)
 * @example
 * inspectionRecordProblem({ result: "passed", performed_at: Date.now() + 3_600_000 }, Date.now())?.parameter; // "performed_at"
 */
export function inspectionRecordProblem(params: InspectionDates, now: number): ParameterProblem | undefined {
  const invalid = (parameter: string, why: string): ParameterProblem => ({
    error: "parameter_invalid",
    parameter,
    description: `invalid parameter: ${parameter}: ${why}`,
  });
  const performedAt = params.performed_at ?? now;
  if (performedAt > now + inspectionClockSkewMs)
    return invalid(
      "performed_at",
      `${instantText(performedAt)} is later than the service's clock, ${instantText(now)}, by more than the ${durationWords(inspectionClockSkewMs)} a device's clock may run ahead: record an inspection once it is performed`,
    );
  if (params.result === "failed") {
    for (const parameter of ["expiresOn", "expiringOn"] as const)
      if (params[parameter] !== undefined)
        return invalid(
          parameter,
          "a failed inspection sets no next date: the schedule is expired from performed_at until a passed inspection is recorded",
        );
    return undefined;
  }
  if (params.expiresOn !== undefined && params.expiresOn <= performedAt)
    return invalid(
      "expiresOn",
      `${instantText(params.expiresOn)} is not after performed_at, ${instantText(performedAt)}${params.performed_at === undefined ? " (default: the request's instant)" : ""}`,
    );
  if (
    params.expiringOn !== undefined &&
    params.expiresOn !== undefined &&
    params.expiringOn > params.expiresOn
  )
    return invalid(
      "expiringOn",
      `${instantText(params.expiringOn)} is after expiresOn, ${instantText(params.expiresOn)}: a schedule is expiring before it expires`,
    );
  return undefined;
}

/** The filters of `inspections.list` that {@link inspectionsListProblem} reads. */
export interface InspectionsFilter {
  equipment_id?: string | undefined;
  schedule_id?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * The rules of `inspections.list`'s filters that depend on each other: `schedule_id` names
 * a schedule only with `equipment_id` (schedule ids repeat across equipment), and `to` is
 * not before `from`. Both are `parameter_invalid`, naming `schedule_id` and `to`.
 *
 * @param params - the request's filters
 * @example
 * inspectionsListProblem({ schedule_id: "sch_annual" })?.parameter; // "schedule_id"
 */
export function inspectionsListProblem(params: InspectionsFilter): ParameterProblem | undefined {
  if (params.schedule_id !== undefined && params.equipment_id === undefined)
    return {
      error: "parameter_invalid",
      parameter: "schedule_id",
      description:
        "invalid parameter: schedule_id: names a schedule of one equipment, so it needs equipment_id beside it",
    };
  if (params.from !== undefined && params.to !== undefined && params.to < params.from)
    return {
      error: "parameter_invalid",
      parameter: "to",
      description: `invalid parameter: to: ${instantText(params.to)} is before from, ${instantText(params.from)}`,
    };
  return undefined;
}
