// The status rules of decisions.md §3, which the schema states only in prose. Kept in
// one place so the equipment, schedule and status pages say the same thing.
import { statusSchema } from "@wsafe/schema";
import { table } from "../markdown.js";

const meanings: Record<string, string> = {
  uptodate: "Inspection current.",
  expiring: "Inspection close to expiry: the current time has reached `expiringOn`.",
  expired: "Inspection expired, or never completed.",
};

/** The status values with their meaning; the values come from the schema's enum. */
export function statusValues(): string {
  return table(
    ["Value", "Meaning"],
    statusSchema.options.map((value) => [`\`${value}\``, meanings[value] ?? ""]),
  );
}

/** How a schedule's status is computed at request time. */
export function scheduleStatusRules(): string {
  return [
    "A schedule's `status` is computed when the request is served, from its stored dates and the current time `now`; it is never stored or imported. The first matching rule wins:",
    table(
      ["#", "Condition", "Status"],
      [
        ["1", "`expiresOn` or `lastCompletedOn` is `null` (never completed)", "`expired`"],
        ["2", "`now >= expiresOn`", "`expired`"],
        ["3", "`now >= expiringOn`", "`expiring`"],
        ["4", "otherwise", "`uptodate`"],
      ],
    ),
  ].join("\n\n");
}

/** How an equipment's overall status follows from its schedules. */
export function equipmentStatusRules(): string {
  return [
    "An equipment's overall `status` follows from the statuses of its schedules:",
    table(
      ["Condition", "Status"],
      [
        ["at least one schedule is `expired`", "`expired`"],
        ["else at least one schedule is `expiring`", "`expiring`"],
        ["else (also when it has no schedules)", "`uptodate`"],
      ],
    ),
  ].join("\n\n");
}
