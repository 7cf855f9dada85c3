import { isDeepStrictEqual } from "node:util";
import {
  addDuration,
  type Equipment,
  type Event,
  equipmentStatusOf,
  type Inspection,
  inspectionClockSkewMs,
  type MethodName,
  type Schedule,
  scheduleStatusAt,
  validate,
} from "@wsafe/schema";
import {
  type CheckContext,
  type CheckDefinition,
  CheckFailed,
  CheckSkipped,
  expect,
} from "../CheckContext.js";
import type { ConformanceOptions, InspectionTarget } from "../ConformanceOptions.js";
import { findEquipment } from "../findEquipment.js";
import { expectVersionEvent } from "../recordedVersionEvent.js";

const day = 86_400_000;

/** What the first check recorded, for the others to check. */
interface Recorded {
  before: Equipment;
  params: Record<string, unknown>;
  inspection: Inspection;
  equipment: Equipment;
  lateEntry: boolean;
  /** The kit's clock just before the request, and just after the answer. */
  sent: number;
  received: number;
  expected: { expiresOn: number; expiringOn: number };
}

const scheduleOf = (equipment: Equipment, id: string) =>
  equipment.schedules.find((s) => s.schedule_id === id);

/**
 * The effects of one inspection the run records (opt-in: `recordInspection`, with the
 * write token), each a check of its own: the answer, the equipment it answers, the
 * schedule's new dates, `inspections.list`, the status events, the version's
 * `equipment.updated`, and the idempotency key. The
 * first check records; the others read what it recorded, and are skipped when it failed.
 * This is the one write the kit ever makes.
 *
 * @param method - the method checked (only `inspections.record` has these checks)
 * @param options - the run's options
 */
export function recordingChecks(method: MethodName, options: ConformanceOptions): CheckDefinition[] {
  const target = options.recordInspection;
  if (method !== "inspections.record" || !target) return [];
  let recorded: Recorded | undefined;
  const after =
    (check: (ctx: CheckContext, recorded: Recorded) => Promise<void>) => async (ctx: CheckContext) => {
      if (!recorded) throw new CheckSkipped("the inspection was not recorded: see the first recorded: check");
      await check(ctx, recorded);
    };
  const suite = method;
  return [
    {
      suite,
      name: `recorded: a passed inspection of ${target.equipment_id} ${target.schedule_id} answers it as sent, with the dates its schedule's interval and warning give`,
      async run(ctx) {
        // Kept before its answer is checked: the other effects are checked whatever this one finds.
        recorded = await record(ctx, target);
        checkAnswer(recorded, target);
      },
    },
    {
      suite,
      name: "recorded: the answer's equipment is the one equipments.list returns at recorded_at",
      run: after(async (ctx, { inspection, equipment }) => {
        const listed = await findEquipment(ctx, inspection.equipment_id, inspection.recorded_at);
        expect(
          isDeepStrictEqual(listed, equipment),
          "the answer's equipment differs from equipments.list's at as_of recorded_at",
        );
      }),
    },
    {
      suite,
      name: "recorded: equipments.list shows the schedule renewed from performed_at, its status by the rules",
      run: after(async (ctx, { inspection, expected }) => {
        const now = Date.now();
        const schedule = scheduleOf(
          await findEquipment(ctx, inspection.equipment_id, now),
          inspection.schedule_id,
        );
        const want = { ...expected, lastCompletedOn: inspection.performed_at };
        const got = {
          expiresOn: schedule?.expiresOn,
          expiringOn: schedule?.expiringOn,
          lastCompletedOn: schedule?.lastCompletedOn,
        };
        expect(
          isDeepStrictEqual(got, want),
          `the schedule's dates are ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`,
        );
        expect(
          schedule!.status === scheduleStatusAt(want, now),
          `the schedule's status is ${schedule!.status}, expected ${scheduleStatusAt(want, now)}`,
        );
      }),
    },
    {
      suite,
      name: "recorded: inspections.list lists it, as answered",
      run: after(async (ctx, { inspection }) => {
        const at = inspection.performed_at;
        const body = ctx.expectSuccess(
          await ctx.post(
            "inspections.list",
            { equipment_id: inspection.equipment_id, schedule_id: inspection.schedule_id, from: at, to: at },
            ctx.options.token,
          ),
        ) as { inspections: Inspection[] };
        const listed = body.inspections.filter((item) => item.id === inspection.id);
        expect(
          listed.length === 1,
          `inspections.list holds ${listed.length} inspections with id ${inspection.id}, expected 1`,
        );
        expect(
          isDeepStrictEqual(listed[0], inspection),
          "inspections.list's record differs from the answer's",
        );
      }),
    },
    {
      suite,
      name: "recorded: its status changes are events of cause inspection at recorded_at, naming it, and no others",
      run: after(async (ctx, { before, inspection }) => {
        const at = inspection.recorded_at;
        const listed = await findEquipment(ctx, inspection.equipment_id, at);
        const body = ctx.expectSuccess(
          await ctx.post("events.list", { from: at, to: at, limit: 1000 }, ctx.options.token),
        ) as { events: Event[] };
        const got = body.events
          .filter((event) => event.inspection_id === inspection.id)
          .map((event) => {
            expect(
              event.cause === "inspection" &&
                event.occurred_at === at &&
                event.equipment_id === inspection.equipment_id,
              `event ${event.id} names the inspection but is not its change at recorded_at: ${JSON.stringify(event)}`,
            );
            return `${event.type} ${event.schedule_id ?? "-"} ${event.from}->${event.to}`;
          })
          .sort();
        const want = expectedEvents(before, listed, inspection.schedule_id, at).sort();
        expect(
          isDeepStrictEqual(got, want),
          `its events are ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`,
        );
      }),
    },
    {
      suite,
      name: "recorded: the version its new dates make is one equipment.updated of cause inspection naming it, carrying the answer's equipment and previous_attributes.schedules",
      run: after((ctx, recorded) => expectVersionEvent(ctx, recorded)),
    },
    {
      suite,
      name: "recorded: its idempotency key answers a repeat with the first answer, recording nothing, and other parameters with idempotency_key_reused",
      run: after(async (ctx, { params, inspection }) => {
        const at = inspection.performed_at;
        const listed = async () =>
          (
            ctx.expectSuccess(
              await ctx.post(
                "inspections.list",
                {
                  equipment_id: inspection.equipment_id,
                  schedule_id: inspection.schedule_id,
                  from: at,
                  to: at,
                },
                ctx.options.token,
              ),
            ) as { inspections: Inspection[] }
          ).inspections.length;
        const before = await listed();
        const again = ctx.expectSuccess(await ctx.post("inspections.record", params)) as {
          inspection: Inspection;
        };
        expect(isDeepStrictEqual(again.inspection, inspection), "the repeat answered another inspection");
        ctx.expectError(
          await ctx.post("inspections.record", { ...params, notes: "Other parameters, the same key." }),
          "idempotency_key_reused",
        );
        const after = await listed();
        expect(after === before, `the repeats recorded ${after - before} inspections more`);
      }),
    },
  ];
}

/** Records the passed inspection: the schedule as it was, what was sent, what was answered. */
async function record(ctx: CheckContext, target: InspectionTarget): Promise<Recorded> {
  const before = await findEquipment(ctx, target.equipment_id);
  const schedule = scheduleOf(before, target.schedule_id);
  if (!schedule)
    throw new CheckFailed(
      `equipment ${target.equipment_id} has no schedule ${target.schedule_id}: check --record-inspection`,
    );
  // Not a late entry: at or after the schedule's last completion.
  const performedAt = Math.max(Date.now() - 1000, schedule.lastCompletedOn ?? 0);
  const params: Record<string, unknown> = {
    ...target,
    result: "passed",
    performed_at: performedAt,
    notes: "Recorded by @wsafe/conformance.",
    idempotency_key: `conformance-${performedAt}-${Math.random().toString(36).slice(2)}`,
    // Without an interval the schedule cannot give the next date: the kit gives it.
    ...(schedule.interval === undefined ? { expiresOn: performedAt + 30 * day } : {}),
  };
  const sent = Date.now();
  const body = ctx.expectSuccess(await ctx.post("inspections.record", params));
  const received = Date.now();
  const result = validate("inspections.record.result", body);
  if (!result.ok)
    throw new CheckFailed(
      `the answer is not a valid inspections.record.result: ${result.issues[0]?.path}: ${result.issues[0]?.message}`,
    );
  // The body as answered (validation strips fields a later version may add).
  const { inspection, equipment, late_entry } = body as unknown as {
    inspection: Inspection;
    equipment: Equipment;
    late_entry: boolean;
  };
  const expected = nextDates(schedule, performedAt, params.expiresOn as number | undefined);
  return { before, params, inspection, equipment, lateEntry: late_entry, sent, received, expected };
}

/** Checks the answer of the recording: the inspection as sent, with its schedule's dates. */
function checkAnswer(recorded: Recorded, target: InspectionTarget): void {
  const { before, params, inspection, lateEntry, sent, received, expected } = recorded;
  const want = {
    equipment_id: target.equipment_id,
    equipmentType_id: before.equipmentType_id,
    schedule_id: target.schedule_id,
    serialNumber: before.serialNumber,
    result: "passed",
    performed_at: params.performed_at,
    inspector_id: target.inspector_id,
    notes: params.notes,
    ...expected,
  };
  const { id: _id, recorded_at: _at, ...got } = inspection;
  expect(
    isDeepStrictEqual(got, want),
    `the inspection answered is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`,
  );
  expect(
    lateEntry === false,
    "late_entry is true for an inspection at or after the schedule's last completion",
  );
  expect(
    inspection.recorded_at >= sent - inspectionClockSkewMs &&
      inspection.recorded_at <= received + inspectionClockSkewMs,
    `recorded_at ${inspection.recorded_at} is not the instant of the request (${sent}..${received}, within ${inspectionClockSkewMs} ms)`,
  );
}

/** The dates a passed inspection at `performedAt` gives the schedule (issue 36's rules). */
function nextDates(schedule: Schedule, performedAt: number, given: number | undefined) {
  const expiresOn = given ?? addDuration(performedAt, schedule.interval!);
  const expiringOn =
    schedule.warning === undefined ? expiresOn : addDuration(expiresOn, schedule.warning, -1);
  return { expiresOn, expiringOn };
}

/**
 * The transitions the inspection made at `at`: the schedule's and the equipment's status
 * from the dates before (computed at `at`) to those after (the answer's, at `at`).
 */
function expectedEvents(before: Equipment, after: Equipment, scheduleId: string, at: number): string[] {
  const statusesBefore = before.schedules.map((schedule) => ({
    id: schedule.schedule_id,
    status: scheduleStatusAt(schedule, at),
  }));
  const events: string[] = [];
  const was = statusesBefore.find((s) => s.id === scheduleId)!.status;
  const is = scheduleOf(after, scheduleId)!.status;
  if (was !== is) events.push(`schedule.status_changed ${scheduleId} ${was}->${is}`);
  const equipmentWas = equipmentStatusOf(statusesBefore.map((s) => s.status));
  if (equipmentWas !== after.status)
    events.push(`equipment.status_changed - ${equipmentWas}->${after.status}`);
  return events;
}
