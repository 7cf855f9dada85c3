// The status rules, as the schema states them in data (`statusMeanings`,
// `scheduleStatusRules`, `equipmentStatusRule`). Kept in one place so the equipment,
// schedule and status pages say the same thing.
import {
  describeStatusCondition,
  equipmentStatusRule,
  scheduleStatusRules,
  statusesBySeverity,
  statusMeanings,
  statusSchema,
} from "@wsafe/schema";
import { table } from "../markdown.js";

/** The status values with their meaning, least severe first. */
export function statusValues(): string {
  return table(
    ["Value", "Meaning"],
    statusSchema.options.map((value) => [`\`${value}\``, statusMeanings[value]]),
  );
}

/** How a schedule's status is computed at request time. */
export function scheduleStatusTable(): string {
  return [
    "A schedule's `status` is computed when the request is served, from its stored dates and the current time `now`; it is never stored or imported. The first matching rule wins:",
    table(
      ["#", "Condition", "Status"],
      scheduleStatusRules.map((rule, index) => [
        String(index + 1),
        describeStatusCondition(rule.when),
        `\`${rule.status}\``,
      ]),
    ),
  ].join("\n\n");
}

/** How an equipment's overall status follows from its schedules: the most severe wins. */
export function equipmentStatusRules(): string {
  const [least, ...more] = statusesBySeverity;
  const rows = more
    .reverse()
    .map((status, index) => [
      `${index ? "else at least" : "at least"} one schedule is \`${status}\``,
      `\`${status}\``,
    ]);
  return [
    `An equipment's overall \`status\` is ${equipmentStatusRule}:`,
    table(["Condition", "Status"], [...rows, ["else (also when it has no schedules)", `\`${least}\``]]),
  ].join("\n\n");
}
