import { isDeepStrictEqual } from "node:util";
import {
  equipmentStatusOf,
  type MethodName,
  type ScheduleDateField,
  type Status,
  scheduleDatesSchema,
  scheduleStatusAt,
  statusesBySeverity,
} from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import {
  type CheckContext,
  type CheckDefinition,
  CheckFailed,
  CheckSkipped,
  expect,
} from "../CheckContext.js";
import { listParams } from "../listParams.js";
import { readList } from "../readList.js";
import { resolveSchema, type Schema } from "../resolveSchema.js";
import { type Walk, walkOf } from "../walkOf.js";

const day = 24 * 3600 * 1000;
/**
 * How far the deployment's clock may be from the kit's. Statuses computed "now" are
 * checked against the rules anywhere between the request's start and end, widened by
 * this much, so that a server a little ahead or behind is not failed for it.
 */
const clockSkewMs = 5 * 60 * 1000;

const dateFields = Object.keys(scheduleDatesSchema.shape).filter(
  (key) => key !== "schedule_id",
) as ScheduleDateField[];

interface Scheduled {
  id?: unknown;
  status?: Status;
  schedules?: ({ schedule_id?: unknown; status?: Status } & Record<ScheduleDateField, number | null>)[];
}

/** Whether the method's records carry a status and schedules with dates and statuses. */
function carriesSchedules(walk: Walk): boolean {
  const result = toJsonSchema(`${walk.method}.result`) as Schema & { properties: Record<string, Schema> };
  const list = resolveSchema(result.properties[walk.listField], result);
  const record = resolveSchema(list.items, result);
  const fields = (record.properties ?? {}) as Record<string, unknown>;
  if (!fields.status || !fields.schedules) return false;
  const schedule = resolveSchema(resolveSchema(fields.schedules, result).items, result);
  const scheduleFields = Object.keys((schedule.properties ?? {}) as object);
  return ["status", ...dateFields].every((field) => scheduleFields.includes(field));
}

const severity = (status: Status | undefined) => statusesBySeverity.indexOf(status as Status);

/**
 * Fails unless every record's schedules have the status the schema's rules give at an
 * instant between `from` and `to` (statuses only grow more severe with time), and
 * every record the most severe of its schedules'.
 */
function expectRulesHold(records: unknown[], from: number, to: number, label: string): void {
  for (const [index, value] of records.entries()) {
    const record = value as Scheduled;
    const name = `${label}: record ${JSON.stringify(record.id ?? index)}`;
    expect(Array.isArray(record.schedules), `${name} has no schedules`);
    for (const schedule of record.schedules!) {
      const low = scheduleStatusAt(schedule, from);
      const high = scheduleStatusAt(schedule, to);
      const at = severity(schedule.status);
      if (at < severity(low) || at > severity(high)) {
        throw new CheckFailed(
          `${name}, schedule ${JSON.stringify(schedule.schedule_id)}: status ${JSON.stringify(schedule.status)}, the rules (scheduleStatusAt) give ${low === high ? `"${low}"` : `"${low}" to "${high}"`}`,
        );
      }
    }
    const overall = equipmentStatusOf(record.schedules!.map((schedule) => schedule.status!));
    expect(
      record.status === overall,
      `${name}: status ${JSON.stringify(record.status)}, its schedules make it "${overall}" (equipmentStatusOf)`,
    );
  }
}

async function statusesFollowRules(ctx: CheckContext, walk: Walk, instant: string): Promise<void> {
  // Whole records, so that each carries its status and schedules.
  const { [instant]: _instant, ...base } = listParams(ctx, walk, ["columns"]);
  const now = Date.now();
  let checked = 0;
  for (const [what, at] of [
    ["a year ago", now - 365 * day],
    ["a year ahead", now + 365 * day],
  ] as const) {
    const answer = await readList(ctx, walk, { ...base, [instant]: at });
    expectRulesHold(answer.records, at, at, `${instant} ${at} (${what})`);
    checked += answer.records.length;
  }
  const started = Date.now();
  const answer = await readList(ctx, walk, base);
  expectRulesHold(
    answer.records,
    started - clockSkewMs,
    Date.now() + clockSkewMs,
    `without ${instant} (now)`,
  );
  checked += answer.records.length;
  if (checked === 0)
    throw new CheckSkipped(
      `${walk.method} answered no records for ${JSON.stringify(base)} (give other request data with --params)`,
    );
}

async function singleStatusesMakeTheWhole(ctx: CheckContext, walk: Walk, instant: string): Promise<void> {
  // The values the published schema of the filter takes, one per request.
  const filter = resolveSchema(walk.params.properties.status, walk.params);
  const statusValues = (resolveSchema(filter.items, walk.params).enum ?? []) as Status[];
  const base = { ...listParams(ctx, walk, ["columns", "status"]), [instant]: Date.now() };
  const whole = (await readList(ctx, walk, base)).records as Scheduled[];
  if (whole.length === 0)
    throw new CheckSkipped(
      `${walk.method} answered no records for ${JSON.stringify(base)} (give other request data with --params)`,
    );
  for (const record of whole)
    expect(
      severity(record.status) >= 0,
      `record ${JSON.stringify(record.id)}: status ${JSON.stringify(record.status)}`,
    );
  for (const status of statusValues) {
    const answer = await readList(ctx, walk, { ...base, status: [status] });
    const other = (answer.records as Scheduled[]).find((record) => record.status !== status);
    expect(
      other === undefined,
      `${answer.response.label}: record ${JSON.stringify(other?.id)} is ${JSON.stringify(other?.status)}`,
    );
    expect(
      isDeepStrictEqual(
        answer.records,
        whole.filter((record) => record.status === status),
      ),
      `${answer.response.label}: not the whole list's ${status} records, in its order`,
    );
  }
}

/**
 * Checks of statuses at an instant, for a paginated method with an instant
 * (`pagination.instant`, e.g. `as_of`) whose records carry schedules with dates and
 * statuses: statuses a year ago, now and a year ahead follow the schema's own
 * `scheduleStatusAt` and `equipmentStatusOf`; and with a `status` filter, each single
 * status answers exactly the whole list's records of that status, so the three
 * together are the whole list.
 */
export function statusChecks(method: MethodName): CheckDefinition[] {
  const walk = walkOf(method);
  const instant = walk?.instant;
  if (!walk || instant === undefined || !carriesSchedules(walk)) return [];
  const checks: CheckDefinition[] = [
    {
      suite: method,
      name: `${instant}: statuses a year ago, now and a year ahead follow scheduleStatusAt and equipmentStatusOf`,
      run: (ctx) => statusesFollowRules(ctx, walk, instant),
    },
  ];
  if (walk.filters.includes("status") && Object.hasOwn(walk.params.properties, "status")) {
    checks.push({
      suite: method,
      name: "status: each single status answers exactly the whole list's records of that status",
      run: (ctx) => singleStatusesMakeTheWhole(ctx, walk, instant),
    });
  }
  return checks;
}
