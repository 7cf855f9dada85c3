import { quoteInput, registerParamsProblem } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { EventWriter } from "../events/EventWriter.js";
import { recordScheduleChange } from "../register/recordScheduleChange.js";
import { type ScheduledEquipment, scheduledEquipmentSql } from "../register/scheduledEquipmentRead.js";
import { deleteScheduleSql } from "../register/scheduleWrites.js";
import type { WriteHandler } from "./WriteHandler.js";

/**
 * `schedules.remove`: the rules beyond the schema first (no U+0000), then, under the
 * account's event lock, one read of the equipment and its schedules, and one statement
 * that deletes the schedule (its inspections stay), records its events (its last
 * transition, `to: null`, the equipment's when it changes, and `equipment.updated`) and
 * keeps the answer (`recordScheduleChange`). An equipment or schedule that is not there
 * (another account's included) answers `content_not_found`, a retry of the key the first
 * answer.
 */
export const schedulesRemove: WriteHandler<"schedules.remove"> = async (
  params,
  { token, now },
  transaction,
) => {
  const problem = registerParamsProblem("schedules.remove", params);
  if (problem) throw new ApiError(problem.error, problem.description);
  const { accountId } = token;
  const equipmentId = params.equipment_id;
  const scheduleId = params.schedule_id;
  return transaction(async (write) => {
    const events = await EventWriter.open<ScheduledEquipment>(
      write,
      { accounts: [accountId], at: now },
      (param) => scheduledEquipmentSql(param, accountId, equipmentId),
    );
    const found = events.read;
    if (!found) throw new ApiError("content_not_found", `equipment not found: ${quoteInput(equipmentId)}`);
    if (!found.schedules.some((schedule) => schedule.schedule_id === scheduleId))
      throw new ApiError(
        "content_not_found",
        `schedule not found: ${quoteInput(scheduleId)} of equipment ${quoteInput(equipmentId)}`,
      );
    return recordScheduleChange(write, events, {
      accountId,
      equipmentId,
      found,
      after: found.schedules.filter((schedule) => schedule.schedule_id !== scheduleId),
      write: (param) => deleteScheduleSql(param, equipmentId, scheduleId),
    });
  });
};
