import { createHash } from "node:crypto";
import {
  addDuration,
  type DatasetEquipment,
  equipmentStatusOf,
  eventsPageSize,
  type Inspection,
  inspectionRecordProblem,
  inspectionsListProblem,
  methods,
  scheduleStatusAt,
} from "@wsafe/schema";
import { Failure } from "./Failure.js";
import type { Fault } from "./Fault.js";
import type { ListRequest } from "./fixturePages.js";
import type { AccountRecords, FixtureEquipment, Owner } from "./fixtureRecords.js";

type Params = Record<string, unknown>;
type Row = Record<string, unknown>;

/** What one account of the fixture recorded: inspections, their events, their keys. */
export interface AccountInspections {
  inspections: Inspection[];
  events: Row[];
  keys: Map<string, { fingerprint: string; answer: Row }>;
}

const day = 86_400_000;

/**
 * The inspections of the fixture's accounts: account `a` starts with the registry's
 * example ones and six more made from them, enough to read in pages of two.
 */
export function fixtureInspections(): Record<Owner, AccountInspections> {
  const example = methods["inspections.list"].examples.find((candidate) => candidate.response.ok)!;
  const examples = (example.response as { inspections: Inspection[] }).inspections;
  const seeded = [
    ...structuredClone(examples),
    ...Array.from({ length: 6 }, (_, i) => ({
      ...structuredClone(examples[0]!),
      id: `insp_fixture_${i}`,
      // Two share an instant, so that ordering by id shows.
      performed_at: examples[0]!.performed_at - (i === 5 ? 4 : i + 1) * day,
      schedule_id: i % 2 === 0 ? "sch_annual" : "sch_preuse",
    })),
  ];
  return {
    a: { inspections: seeded, events: [], keys: new Map() },
    b: { inspections: [], events: [], keys: new Map() },
  };
}

const fingerprint = ({ token: _t, pretty: _p, idempotency_key: _k, ...asked }: Params) =>
  createHash("sha256")
    .update(JSON.stringify(Object.entries(asked).sort()))
    .digest("hex");

/** An equipment's statuses at an instant, by the schema's rules. */
function statusesAt(equipment: DatasetEquipment, at: number) {
  const schedules = new Map(equipment.schedules.map((s) => [s.schedule_id, scheduleStatusAt(s, at)]));
  return { schedules, equipment: equipmentStatusOf([...schedules.values()]) };
}

/**
 * Answers `inspections.record` and `inspections.list` for the fixture, by issue 36's
 * rules, written apart from the server's SQL: the rules between the dates first, then the
 * lookups, the idempotency key, the schedule's new dates and the events of what changed.
 * Faults that break one effect of a recording are applied here.
 *
 * @param records - the two accounts' records (their schedules are moved in place)
 * @param recorded - the two accounts' inspections
 * @param fault - the fixture's one fault
 * @param changed - told of each equipment whose stored dates a recording moved
 */
export function fixtureInspectionAnswer(
  records: Record<Owner, AccountRecords>,
  recorded: Record<Owner, AccountInspections>,
  fault: Fault | undefined,
  changed: (owner: Owner, equipment: FixtureEquipment) => void,
) {
  const record = (
    params: Params,
    owner: Owner,
    now: number,
    answerOf: (equipment: FixtureEquipment, at: number) => Row,
  ) => {
    const problem = inspectionRecordProblem(params as never, now);
    if (problem && fault !== "inspection-rules-ignored")
      throw new Failure(problem.error, problem.description);
    const account = recorded[owner];
    const key = params.idempotency_key as string | undefined;
    const kept = key === undefined ? undefined : account.keys.get(key);
    if (kept && fault !== "idempotency-ignored") {
      if (kept.fingerprint !== fingerprint(params))
        throw new Failure("idempotency_key_reused", "idempotency_key was sent with other parameters");
      return kept.answer;
    }
    const equipment = records[owner].equipments.find((e) => e.id === params.equipment_id);
    const schedule = equipment?.schedules.find((s) => s.schedule_id === params.schedule_id);
    if ((!equipment || !schedule) && fault === "unknown-equipment-inspected") return { ok: true };
    if (!equipment || !schedule)
      throw new Failure(
        "content_not_found",
        `schedule not found: ${params.schedule_id} of equipment ${params.equipment_id}`,
      );
    if (records[owner].users[params.inspector_id as string] === undefined)
      throw new Failure("content_not_found", `inspector not found: ${params.inspector_id}`);
    const performedAt = (params.performed_at as number | undefined) ?? now;
    const given = params.expiresOn as number | undefined;
    if (given === undefined && schedule.interval === undefined)
      throw new Failure("parameter_missing", "missing parameter: expiresOn: the schedule has no interval");
    const expiresOn =
      given ??
      (fault === "inspection-interval-ignored"
        ? performedAt + 30 * day
        : addDuration(performedAt, schedule.interval!));
    const expiringOn =
      (params.expiringOn as number | undefined) ??
      (schedule.warning === undefined ? expiresOn : addDuration(expiresOn, schedule.warning, -1));
    const before = answerOf(equipment, now);
    const was = statusesAt(equipment, now);
    Object.assign(schedule, { expiresOn, expiringOn, lastCompletedOn: performedAt });
    changed(owner, equipment);
    const is = statusesAt(equipment, now);
    const id = `insp_${createHash("sha256").update(`${owner}${now}${Math.random()}`).digest("hex").slice(0, 16)}`;
    const inspection: Inspection = {
      id,
      equipment_id: equipment.id,
      equipmentType_id: equipment.equipmentType_id,
      schedule_id: schedule.schedule_id,
      serialNumber: equipment.serialNumber,
      result: "passed",
      performed_at: performedAt,
      recorded_at: now,
      inspector_id: params.inspector_id as string,
      notes: (params.notes as string | undefined) ?? null,
      expiresOn,
      expiringOn,
    };
    if (fault !== "inspection-not-listed") account.inspections.push(inspection);
    const event = (type: string, scheduleId: string | undefined, from: string, to: string) => ({
      id: `ev_fx_${id}_${scheduleId ?? "e"}`,
      type,
      occurred_at: now,
      cause: "inspection",
      expected: false,
      equipment_id: equipment.id,
      equipmentType_id: equipment.equipmentType_id,
      ...(scheduleId === undefined ? {} : { schedule_id: scheduleId }),
      from,
      to,
      inspection_id: id,
      sequence: 1_000_000 + account.events.length,
    });
    const after = answerOf(equipment, now);
    // The new dates made a new version: its record event, numbered before the statuses it causes.
    if (fault !== "inspection-version-event-missing")
      account.events.push({
        id: `ev_fx_${id}_updated`,
        type: "equipment.updated",
        occurred_at: now,
        cause: "inspection",
        expected: false,
        equipment_id: equipment.id,
        equipmentType_id: equipment.equipmentType_id,
        from: null,
        to: null,
        inspection_id: id,
        sequence: 1_000_000 + account.events.length,
        equipment: after,
        previous_attributes: { schedules: before.schedules },
      });
    if (fault !== "inspection-events-missing") {
      const [from, to] = [was.schedules.get(schedule.schedule_id)!, is.schedules.get(schedule.schedule_id)!];
      if (from !== to) account.events.push(event("schedule.status_changed", schedule.schedule_id, from, to));
      if (was.equipment !== is.equipment)
        account.events.push(event("equipment.status_changed", undefined, was.equipment, is.equipment));
    }
    const answer = {
      ok: true,
      inspection,
      equipment: fault === "inspection-answer-stale" ? before : after,
      late_entry: false,
    };
    if (key !== undefined) account.keys.set(key, { fingerprint: fingerprint(params), answer });
    return answer;
  };

  const list = (
    params: Params,
    owner: Owner,
    request: ListRequest,
    leaks: boolean,
    page: (rows: Row[], request: ListRequest) => Row,
  ) => {
    const problem = inspectionsListProblem(params as never);
    if (problem && fault !== "inspection-rules-ignored")
      throw new Failure(problem.error, problem.description);
    const visible = leaks ? (["a", "b"] as Owner[]) : [owner];
    const accounts = visible.map((o) => records[o]);
    if (
      params.equipment_id !== undefined &&
      !accounts.some((a) => a.equipments.some((e) => e.id === params.equipment_id))
    )
      throw new Failure("content_not_found", `equipment not found: ${params.equipment_id}`);
    if (
      params.equipmentType_id !== undefined &&
      !accounts.some((a) => a.equipmentTypes.some((t) => t.id === params.equipmentType_id))
    )
      throw new Failure("content_not_found", `equipment type not found: ${params.equipmentType_id}`);
    if (
      params.inspector_id !== undefined &&
      !accounts.some((a) => a.users[params.inspector_id as string] !== undefined)
    )
      throw new Failure("content_not_found", `inspector not found: ${params.inspector_id}`);
    const rows = visible
      .flatMap((o) => recorded[o].inspections)
      .filter(
        (i) =>
          (params.equipment_id === undefined || i.equipment_id === params.equipment_id) &&
          (params.schedule_id === undefined || i.schedule_id === params.schedule_id) &&
          (params.equipmentType_id === undefined || i.equipmentType_id === params.equipmentType_id) &&
          (params.inspector_id === undefined || i.inspector_id === params.inspector_id) &&
          (params.from === undefined || i.performed_at >= (params.from as number)) &&
          (params.to === undefined || i.performed_at <= (params.to as number)),
      )
      .sort((x, y) => x.performed_at - y.performed_at || (x.id < y.id ? -1 : 1))
      // A field of the wrong type, wherever the example's first inspection shows.
      .map((i) =>
        fault === "invalid-result" && i.id === "insp_3b9e0c1d7a2f4e68" ? { ...i, result: 42 } : i,
      );
    return page(rows as unknown as Row[], request);
  };

  return {
    record,
    list,
    firstPage: (params: Params) =>
      params.limit === undefined && params.cursor === undefined
        ? { ...params, limit: eventsPageSize }
        : params,
  };
}
