import { quoteInput, registerParamsProblem } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { EventWriter } from "../events/EventWriter.js";
import { recordScheduleChange } from "../register/recordScheduleChange.js";
import { sameSchedule, scheduleAfterSet } from "../register/scheduleAfterSet.js";
import { type ScheduledEquipment, scheduledEquipmentSql } from "../register/scheduledEquipmentRead.js";
import { insertScheduleSql, updateScheduleSql } from "../register/scheduleWrites.js";
import { equipmentRecordOfRows } from "../store/queries/equipmentRecordOfRows.js";
import type { WriteHandler } from "./WriteHandler.js";

/** Ids compared as the store's "C" collation compares them: the answer's schedule order. */
const byCodeUnits = (a: { schedule_id: string }, b: { schedule_id: string }) =>
  a.schedule_id < b.schedule_id ? -1 : a.schedule_id > b.schedule_id ? 1 : 0;

/**
 * `schedules.set`: the rules beyond the schema first (the dates sent together, no
 * U+0000), then, under the account's event lock, one read of the equipment and its
 * schedules. The schedule after the write is the stored one with what was sent (or a new
 * one of what was sent); a date sent alone is checked against the stored other. A request
 * that changes nothing answers the equipment as it is, same `version`, no event. Otherwise
 * one statement writes the schedule, its events and the answer (`recordScheduleChange`).
 */
export const schedulesSet: WriteHandler<"schedules.set"> = async (params, { token, now }, transaction) => {
  const problem = registerParamsProblem("schedules.set", params);
  if (problem) throw new ApiError(problem.error, problem.description);
  const { accountId } = token;
  const equipmentId = params.equipment_id;
  return transaction(async (write) => {
    const events = await EventWriter.open<ScheduledEquipment>(
      write,
      { accounts: [accountId], at: now },
      (param) => scheduledEquipmentSql(param, accountId, equipmentId),
    );
    const found = events.read;
    if (!found) throw new ApiError("content_not_found", `equipment not found: ${quoteInput(equipmentId)}`);
    const stored = found.schedules.find((schedule) => schedule.schedule_id === params.schedule_id);
    const schedule = scheduleAfterSet(params, stored);
    // Nothing changes: no version, no event; runWrite keeps the answer under the key all the same.
    if (stored && sameSchedule(stored, schedule))
      return { ok: true, equipment: equipmentRecordOfRows(found, found.schedules, events.instant) };
    const after = stored
      ? found.schedules.map((s) => (s === stored ? schedule : s))
      : [...found.schedules, schedule].sort(byCodeUnits);
    return recordScheduleChange(write, events, {
      accountId,
      equipmentId,
      found,
      after,
      write: (param) =>
        stored
          ? updateScheduleSql(param, equipmentId, schedule)
          : insertScheduleSql(param, equipmentId, schedule),
    });
  });
};
