// Inspections recorded along a timeline of the suites' own (issue 36): one drawn
// inspection of a random schedule of an account, or two of it at once.
import fc from "fast-check";
import { expect } from "vitest";
import type { PipelineServices } from "../../src/pipeline/RequestState.js";
import { callInProcess } from "./callInProcess.js";
import type { RandomAccount } from "./randomDatasets.js";

/** An inspection the timeline records: of which account, schedule, when, and what it says. */
export interface DrawnInspection {
  account: number;
  /** Picks the schedule among the account's, in a fixed order. */
  pick: number;
  /** Milliseconds after the previous instant of the timeline. */
  after: number;
  result: "passed" | "failed";
  /** `performed_at` this long before the instant it is recorded at. */
  ago: number;
  /** The next due date this long after `performed_at`, or from the schedule's interval. */
  dueIn: number | undefined;
  /** A second inspection of the same schedule recorded at once, performed this long before the first. */
  twin: { earlier: number; result: "passed" | "failed" } | undefined;
}

/**
 * A drawn inspection of one of `accounts` accounts.
 *
 * @param accounts - how many accounts the timeline has
 */
export const randomInspection = (accounts: number): fc.Arbitrary<DrawnInspection> =>
  fc.record({
    account: fc.nat({ max: accounts - 1 }),
    pick: fc.nat(),
    after: fc.integer({ min: 0, max: 1_500 }),
    result: fc.constantFrom("passed", "passed", "failed"),
    ago: fc.integer({ min: 0, max: 6_000 }),
    dueIn: fc.option(fc.integer({ min: 1, max: 6_000 }), { nil: undefined }),
    twin: fc.option(
      fc.record({ earlier: fc.integer({ min: 1, max: 3_000 }), result: fc.constantFrom("passed", "failed") }),
      { nil: undefined, freq: 2 },
    ),
  }) as fc.Arbitrary<DrawnInspection>;

/**
 * Records a drawn inspection (and its twin, at once) of one of the account's schedules
 * at the instant `when`; then both are kept, and the schedule's dates are those the later
 * `performed_at` set (none moved when it was a late entry itself).
 */
export async function recordDrawnInspection(
  services: PipelineServices,
  account: RandomAccount,
  drawn: DrawnInspection,
  when: number,
  where: string,
): Promise<string[]> {
  const schedules = await services.store.sql.query<{
    equipment_id: string;
    schedule_id: string;
    interval: string | null;
  }>(
    `SELECT e.id AS equipment_id, s.schedule_id, s.inspection_interval AS interval
       FROM equipments e JOIN equipment_types t ON t.id = e.equipment_type_id
       JOIN schedules s ON s.equipment_id = e.id
      WHERE t.account_id = $1 ORDER BY e.id, s.schedule_id`,
    [account.accountId],
  );
  if (schedules.length === 0) return [];
  const schedule = schedules[drawn.pick % schedules.length]!;
  const request = (performedAt: number, result: "passed" | "failed") => ({
    token: account.writeToken,
    equipment_id: schedule.equipment_id,
    schedule_id: schedule.schedule_id,
    inspector_id: account.userId,
    result,
    performed_at: performedAt,
    ...(result === "passed" && (drawn.dueIn !== undefined || schedule.interval === null)
      ? { expiresOn: performedAt + (drawn.dueIn ?? 1_000) }
      : {}),
  });
  const performedAt = when - drawn.ago;
  const requests = [request(performedAt, drawn.result)];
  if (drawn.twin) requests.push(request(performedAt - drawn.twin.earlier, drawn.twin.result));
  const answers = await Promise.all(
    requests.map((data) => callInProcess(services, "inspections.record", data, when)),
  );
  for (const answer of answers) expect(answer.ok, `${where}: ${JSON.stringify(answer)}`).toBe(true);
  const listed = await callInProcess(
    services,
    "inspections.list",
    {
      token: account.token,
      equipment_id: schedule.equipment_id,
      schedule_id: schedule.schedule_id,
      limit: 1000,
    },
    when,
  );
  const kept = new Set(listed.inspections.map((inspection: { id: string }) => inspection.id));
  for (const answer of answers) expect(kept.has(answer.inspection.id), where).toBe(true);
  const later = answers[0]!;
  const ids = answers.map((answer) => answer.inspection.id as string);
  if (later.late_entry) return ids;
  const [row] = await services.store.sql.query<{ expires_on: string; expiring_on: string }>(
    "SELECT expires_on::text, expiring_on::text FROM schedules WHERE equipment_id = $1 AND schedule_id = $2",
    [schedule.equipment_id, schedule.schedule_id],
  );
  expect(
    [Number(row!.expires_on), Number(row!.expiring_on)],
    `${where}: the dates of the later performed_at`,
  ).toEqual([later.inspection.expiresOn, later.inspection.expiringOn]);
  return ids;
}
