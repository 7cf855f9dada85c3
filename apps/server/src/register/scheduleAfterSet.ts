import type { Methods } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import type { StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";

/** What `schedules.set` asks for, as parsed: each rule or date absent (unchanged), `null` or a value. */
type SetRequest = Pick<
  Methods["schedules.set"]["parsedParams"],
  "schedule_id" | "interval" | "warning" | "expiresOn" | "expiringOn"
>;

/** An instant as a description shows it: both forms a stranger may know it by. */
const instantText = (ms: number) => `${ms} (${new Date(ms).toISOString()})`;

const why = "a schedule is expiring before it expires";

/**
 * The schedule `schedules.set` leaves: the stored one with each field sent replaced (a
 * field not sent kept, `null` removing a rule), or, when the equipment has none of that
 * id, a new one of what was sent alone (no rules, no dates, never completed). The last
 * completion is the inspections' to set, never this method's.
 *
 * The dates sent together were checked with the other parameters
 * (`registerParamsProblem`); one sent alone is checked here against the stored other.
 *
 * @param request - the request's schedule and fields
 * @param stored - the equipment's schedule of that id, when it has one
 * @throws ApiError `parameter_invalid` naming the date sent when `expiringOn` would fall after `expiresOn`
 * @example
 * scheduleAfterSet({ schedule_id: "sch_1", interval: "P1M" }, undefined).expiresOn; // null: expired until passed
 */
export function scheduleAfterSet(request: SetRequest, stored: StoredSchedule | undefined): StoredSchedule {
  const base: StoredSchedule = stored ?? {
    schedule_id: request.schedule_id,
    expiresOn: null,
    expiringOn: null,
    lastCompletedOn: null,
    interval: null,
    warning: null,
  };
  const after: StoredSchedule = {
    schedule_id: base.schedule_id,
    expiresOn: request.expiresOn === undefined ? base.expiresOn : request.expiresOn,
    expiringOn: request.expiringOn === undefined ? base.expiringOn : request.expiringOn,
    lastCompletedOn: base.lastCompletedOn,
    interval: request.interval === undefined ? base.interval : request.interval,
    warning: request.warning === undefined ? base.warning : request.warning,
  };
  const { expiresOn, expiringOn } = after;
  if (expiresOn === null || expiringOn === null || expiringOn <= expiresOn) return after;
  // Neither date sent: the stored ones stay as they are, this write does not judge them.
  if (request.expiresOn === undefined && request.expiringOn === undefined) return after;
  // Only one date was sent: the other is the stored one.
  if (request.expiresOn === undefined)
    throw new ApiError(
      "parameter_invalid",
      `invalid parameter: expiringOn: is after the schedule's expiresOn ${instantText(expiresOn)}: ${why} (set expiringOn to that or earlier, or send expiresOn with it)`,
    );
  throw new ApiError(
    "parameter_invalid",
    `invalid parameter: expiresOn: is before the schedule's expiringOn ${instantText(expiringOn)}: ${why} (send expiringOn with it, at expiresOn or earlier)`,
  );
}

/**
 * Whether two schedules store the same: a `schedules.set` that changes nothing makes no
 * version and no event.
 *
 * @param a - one schedule
 * @param b - the other
 */
export function sameSchedule(a: StoredSchedule, b: StoredSchedule): boolean {
  return (
    a.schedule_id === b.schedule_id &&
    a.expiresOn === b.expiresOn &&
    a.expiringOn === b.expiringOn &&
    a.lastCompletedOn === b.lastCompletedOn &&
    a.interval === b.interval &&
    a.warning === b.warning
  );
}
