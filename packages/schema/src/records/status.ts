import * as z from "zod";

/**
 * What each inspection status means, in order of severity: an equipment's status is
 * the most severe of its schedules' statuses.
 */
export const statusMeanings = {
  uptodate: "Inspection current.",
  expiring: "Inspection close to expiry: the evaluation instant has reached `expiringOn`.",
  expired: "Inspection expired, or never completed.",
} as const;

/**
 * Inspection status of a schedule, and the overall status of an equipment. The values
 * are in order of severity (see {@link statusMeanings}); statuses are computed by the
 * service when it answers ({@link scheduleStatusRules}), never stored.
 *
 * @example
 * statusSchema.parse("expiring"); // "expiring"
 * @see https://docs.wsafe.dev/records/status/
 */
export const statusSchema = z
  .enum(Object.keys(statusMeanings) as [keyof typeof statusMeanings, ...(keyof typeof statusMeanings)[]])
  .meta({
    id: "Status",
    description: `Inspection status, computed by the service when it answers, never stored: ${Object.entries(
      statusMeanings,
    )
      .map(([status, meaning]) => `\`${status}\` (${meaning.replace(/\.$/, "")})`)
      .join("; ")}.`,
  });

/** One of `uptodate`, `expiring`, `expired`. */
export type Status = z.infer<typeof statusSchema>;

/** Every status, least severe first. */
export const statusesBySeverity: readonly Status[] = statusSchema.options;

/** A date field of a schedule. */
export type ScheduleDateField = "expiresOn" | "expiringOn" | "lastCompletedOn";

/**
 * When a status rule holds: one of the dates is null; the evaluation instant has
 * reached a date (`now >= date`; a null date is never reached); or always.
 */
export type StatusCondition =
  | { readonly anyNull: readonly ScheduleDateField[] }
  | { readonly reached: ScheduleDateField }
  | { readonly otherwise: true };

/**
 * How a schedule's status follows from its stored dates and the evaluation instant
 * `now` (the time of the request, or `as_of`): the first rule that holds wins.
 *
 * @example
 * import { scheduleStatusRules } from "@wsafe/schema";
 * scheduleStatusRules[1]; // { status: "expired", when: { reached: "expiresOn" } }
 * @see https://docs.wsafe.dev/records/schedule/
 */
export const scheduleStatusRules = [
  { status: "expired", when: { anyNull: ["expiresOn", "lastCompletedOn"] } },
  { status: "expired", when: { reached: "expiresOn" } },
  { status: "expiring", when: { reached: "expiringOn" } },
  { status: "uptodate", when: { otherwise: true } },
] as const satisfies readonly { status: Status; when: StatusCondition }[];

/**
 * A condition of {@link scheduleStatusRules} for people, in Markdown.
 *
 * @param when - the condition
 * @example
 * describeStatusCondition({ reached: "expiresOn" }); // "`now >= expiresOn`"
 */
export function describeStatusCondition(when: StatusCondition): string {
  if ("anyNull" in when) {
    return `${when.anyNull.map((field) => `\`${field}\``).join(" or ")} is \`null\` (never completed)`;
  }
  if ("reached" in when) return `\`now >= ${when.reached}\``;
  return "otherwise";
}

/** {@link scheduleStatusRules} in one line of Markdown, in order. */
export const scheduleStatusRulesText = scheduleStatusRules
  .map(({ status, when }) => `${describeStatusCondition(when)} → \`${status}\``)
  .join("; ");

/**
 * The status of a schedule at an instant, by {@link scheduleStatusRules}: the reference
 * the service's own computation is tested against.
 *
 * @param dates - the schedule's stored dates
 * @param now - the evaluation instant (ms since the epoch)
 * @example
 * scheduleStatusAt({ expiresOn: 2000, expiringOn: 1000, lastCompletedOn: 0 }, 1000); // "expiring"
 */
export function scheduleStatusAt(
  dates: Readonly<Record<ScheduleDateField, number | null>>,
  now: number,
): Status {
  for (const { status, when } of scheduleStatusRules) {
    if ("anyNull" in when && when.anyNull.some((field) => dates[field] === null)) return status;
    if ("reached" in when) {
      const date = dates[when.reached];
      if (date !== null && now >= date) return status;
    }
    if ("otherwise" in when) return status;
  }
  throw new Error("the last status rule holds always");
}

/**
 * An equipment's overall status: the most severe of its schedules' statuses, and
 * `uptodate` when it has none.
 *
 * @param scheduleStatuses - the statuses of its schedules
 * @example
 * equipmentStatusOf(["uptodate", "expiring"]); // "expiring"
 */
export function equipmentStatusOf(scheduleStatuses: Iterable<Status>): Status {
  let worst = 0;
  for (const status of scheduleStatuses) worst = Math.max(worst, statusesBySeverity.indexOf(status));
  return statusesBySeverity[worst]!;
}

/** The rule of {@link equipmentStatusOf}, for people (Markdown). */
export const equipmentStatusRule = `the most severe of its schedules' statuses (${[...statusesBySeverity]
  .reverse()
  .map((status) => `\`${status}\``)
  .join(" before ")}), and \`${statusesBySeverity[0]}\` when it has no schedules`;
