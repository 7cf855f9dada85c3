import * as z from "zod";
import { calendarDuration } from "./duration.js";
import { identifier } from "./primitives.js";
import { scheduleStatusRulesText, statusSchema } from "./status.js";

function nullableTimestamp(description: string) {
  return z
    .int()
    .nullable()
    .describe(`${description} Milliseconds since the Unix epoch; null when never completed.`);
}

/**
 * The stored part of an inspection schedule of one equipment: its dates, without status.
 * Used in datasets; the API adds the computed `status` ({@link scheduleSchema}).
 */
export const scheduleDatesSchema = z.object({
  schedule_id: identifier("Identifier of the inspection schedule."),
  expiresOn: nullableTimestamp("When the inspection expires."),
  expiringOn: nullableTimestamp("From when the inspection counts as expiring."),
  lastCompletedOn: nullableTimestamp("When the inspection was last completed."),
  interval: calendarDuration(
    "How often the inspection falls due: a passed inspection recorded without `expiresOn` (`inspections.record`) sets `expiresOn` to its `performed_at` plus this. Absent: the inspector gives `expiresOn` each time.",
    true,
  ).optional(),
  warning: calendarDuration(
    "How long before `expiresOn` the schedule counts as expiring: a passed inspection recorded without `expiringOn` sets `expiringOn` to `expiresOn` minus this. Absent: `expiringOn` is `expiresOn`, with no expiring phase.",
    false,
  ).optional(),
});

/**
 * An inspection schedule of one equipment, with its status computed when the service
 * answers, by the status rules of `scheduleStatusRules` (the first rule that holds wins).
 *
 * @see https://docs.wsafe.dev/records/schedule/
 */
export const scheduleSchema = z
  .object({
    schedule_id: scheduleDatesSchema.shape.schedule_id,
    status: statusSchema,
    expiresOn: scheduleDatesSchema.shape.expiresOn,
    expiringOn: scheduleDatesSchema.shape.expiringOn,
    lastCompletedOn: scheduleDatesSchema.shape.lastCompletedOn,
    interval: scheduleDatesSchema.shape.interval,
    warning: scheduleDatesSchema.shape.warning,
  })
  .meta({
    id: "Schedule",
    title: "Schedule",
    description: `An inspection schedule of one equipment. Its status, at the evaluation instant \`now\`, by the first rule that holds: ${scheduleStatusRulesText}.`,
  });

/** An inspection schedule with its computed status. */
export type Schedule = z.infer<typeof scheduleSchema>;
/** The stored dates of a schedule (dataset form). */
export type ScheduleDates = z.infer<typeof scheduleDatesSchema>;
