import {
  type DatasetEquipment,
  defaultEventTypes,
  type EquipmentType,
  equipmentFields,
  equipmentStatusOf,
  eventsPageSize,
  eventsWindowProblem,
  type MethodName,
  methods,
  scheduleStatusAt,
} from "@wsafe/schema";
import { Failure } from "./Failure.js";
import type { Fault } from "./Fault.js";
import type { CursorCodec, PageKey } from "./fixtureCursor.js";
import { fixtureEvents } from "./fixtureEvents.js";
import { fixtureFeed, type Render } from "./fixtureFeed.js";
import { type AccountInspections, fixtureInspectionAnswer } from "./fixtureInspections.js";
import type { FixturePages, ListRequest } from "./fixturePages.js";
import type { AccountRecords, Owner } from "./fixtureRecords.js";
import { fixtureRegister, isRegisterWrite } from "./fixtureRegister.js";
import { type AccountWebhooks, fixtureWebhookAnswer } from "./fixtureWebhooks.js";

type Params = Record<string, unknown>;
type Row = Record<string, unknown>;

const defaultTypes: readonly string[] = defaultEventTypes;

/** An equipment as the API shows it at an instant: statuses computed by the schema's own rules. */
function withStatuses(equipment: DatasetEquipment, instant: number): Row {
  const schedules = [...equipment.schedules]
    .sort((a, b) => (a.schedule_id < b.schedule_id ? -1 : 1))
    .map(({ schedule_id, ...dates }) => ({
      schedule_id,
      status: scheduleStatusAt(dates, instant),
      ...dates,
    }));
  return { ...equipment, status: equipmentStatusOf(schedules.map((s) => s.status)), schedules };
}

/** `include_null_metavalues`, then `columns`: the named fields the record has, in canonical order. */
function project(record: Row, type: EquipmentType, params: Params): Row {
  if (params.include_null_metavalues === true)
    record.metavalues = {
      ...Object.fromEntries(type.metafields.map((field) => [field.id, null])),
      ...(record.metavalues as object),
    };
  const columns = (params.columns as string[] | undefined) ?? [];
  const fields = equipmentFields.filter((field) => columns.length === 0 || columns.includes(field));
  return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
}

/**
 * Answers the fixture's methods from its records: every method of the registry, each
 * list in pages when asked (`fixturePages`), statuses computed at the request's instant.
 * Faults that change what a method answers (rather than how) are applied here.
 *
 * @param records - the two accounts' records
 * @param webhooks - the two accounts' webhook endpoints and attempts
 * @param inspections - the two accounts' inspections
 * @param pages - the server's pages and cursors
 * @param codec - the server's cursors, which the feed's are too
 * @param now - the server's start
 * @param fault - the fixture's one fault
 */
export function fixtureAnswer(
  records: Record<Owner, AccountRecords>,
  webhooks: Record<Owner, AccountWebhooks>,
  inspections: Record<Owner, AccountInspections>,
  pages: FixturePages,
  codec: CursorCodec,
  now: number,
  fault?: Fault,
) {
  const render: Render = (owner, equipment, at) => {
    const type = records[owner].equipmentTypes.find((t) => t.id === equipment.equipmentType_id)!;
    return project(withStatuses(equipment, at), type, {});
  };
  const feed = fixtureFeed(records, codec, render, fault, now);
  const register = fixtureRegister(records, (owner) => inspections[owner].events, feed, render, fault);
  const webhookAnswer = fixtureWebhookAnswer(webhooks, pages, fault);
  // An inspection changes its equipment's stored record: a version more, a place in the feed.
  const inspectionAnswer = fixtureInspectionAnswer(records, inspections, fault, (owner, equipment) => {
    equipment.version += 1;
    feed.touch(owner, equipment.id);
  });
  const keyOf = (method: MethodName) => (row: Row) =>
    (methods[method].pagination?.order ?? []).map((f) => row[f]) as PageKey;
  const list = <Item extends Row>(
    method: MethodName,
    field: string,
    rows: Item[],
    request: ListRequest,
  ): Row => {
    const { records: page, response_metadata } = pages.slice(rows, keyOf(method), request);
    return { ok: true, [field]: page, ...(response_metadata ? { response_metadata } : {}) };
  };
  // A broken field on one record, wherever it shows: the whole list and its pages still agree.
  const broken = <Item extends Row>(rows: Item[], id: string, field: string, value: unknown) =>
    fault === "invalid-result" ? rows.map((row) => (row.id === id ? { ...row, [field]: value } : row)) : rows;

  return (method: MethodName, params: Params, owner: Owner, now: number): Row => {
    const paging = params.limit !== undefined || params.cursor !== undefined;
    const leaks = fault === "leaks-other-tenant" || (fault === "leaks-other-tenant-with-limit" && paging);
    if (isRegisterWrite(method)) return register(method, params, owner, now);
    if (method === "equipments.changes") return feed.answer(params, owner, now);
    if (method.startsWith("webhooks."))
      return webhookAnswer(method, params, owner, now, (field, rows, request) =>
        list(method, field, rows, request),
      );
    if (method === "inspections.record")
      return inspectionAnswer.record(params, owner, now, (equipment, at) => render(owner, equipment, at));
    if (method === "inspections.list") {
      const request = pages.request(method, inspectionAnswer.firstPage(params), owner, now);
      return inspectionAnswer.list(params, owner, request, leaks, (rows, asked) =>
        list(method, "inspections", rows, asked),
      );
    }
    // events.list checks its window first, then its cursor, as the service does.
    if (method === "events.list") {
      const problem = eventsWindowProblem(params as { from: number; to?: number }, now);
      // A lenient server answers whatever is left once it dropped what was invalid: without
      // `to`, a window that starts after now (the example's, before its date) would be refused.
      if (problem && fault !== "invalid-ignored") throw new Failure("parameter_invalid", problem.description);
      // Every answer is a page: the first of a walk is `eventsPageSize` long unless `limit` says.
      const first = params.limit === undefined && params.cursor === undefined;
      const request = pages.request(
        method,
        first ? { ...params, limit: eventsPageSize } : params,
        owner,
        now,
      );
      const visible = leaks ? [records.a, records.b] : [records[owner]];
      const typeId = params.equipmentType_id as string | undefined;
      if (typeId !== undefined && !visible.some((a) => a.equipmentTypes.some((t) => t.id === typeId)))
        throw new Failure("content_not_found", `equipment type not found: ${typeId}`);
      const types = (params.types as string[] | undefined) ?? [];
      const [from, to] = [params.from as number, (params.to as number | undefined) ?? now];
      const ofInspections = (leaks ? (["a", "b"] as Owner[]) : [owner])
        .flatMap((o) => inspections[o].events)
        .filter((event) => typeId === undefined || event.equipmentType_id === typeId)
        .filter((event) => (event.occurred_at as number) >= from && (event.occurred_at as number) <= to);
      const events = [
        ...fixtureEvents(
          visible
            .flatMap((account) => account.equipments)
            .filter((e) => typeId === undefined || e.equipmentType_id === typeId),
          from,
          to,
          now,
        ),
        ...ofInspections,
      ]
        // Naming no type: the status transitions only, the record events where named.
        .filter((event) => (types.length === 0 ? defaultTypes : types).includes(event.type as string))
        // A field of the wrong type on the example harness's events, wherever they show.
        .map((event) =>
          fault === "invalid-result" && event.equipment_id === "eq_h_0001"
            ? { ...event, sequence: "first" }
            : event,
        );
      return list(method, "events", events, request);
    }
    // The cursor is part of the parameters: refused before anything is looked up.
    const request = pages.request(method, params, owner, now);
    // The lists of the whole account: with shared-answer, the other account reads the first's.
    const own = records[owner === "b" && fault === "shared-answer" ? "a" : owner];
    if (method === "resources.list") {
      return list(
        method,
        "resources",
        broken(own.resources, "res_fall_protection", "sequence", "first"),
        request,
      );
    }
    if (method === "equipmentTypes.list") {
      return list(method, "equipmentTypes", broken(own.equipmentTypes, "et_anchor", "name", 42), request);
    }
    if (method === "equipments.list") {
      const visible = leaks ? [records.a, records.b] : [records[owner]];
      const type = visible
        .flatMap((account) => account.equipmentTypes)
        .find((t) => t.id === params.equipmentType_id);
      if (!type)
        throw new Failure("content_not_found", `equipment type not found: ${params.equipmentType_id}`);
      const instant = fault === "as-of-ignored" ? now : request.instant;
      const service = params.service_type ?? "in";
      const statuses =
        fault === "status-filter-ignored" ? [] : ((params.status as string[] | undefined) ?? []);
      const rows = visible
        .flatMap((account) => account.equipments)
        .filter((equipment) => equipment.equipmentType_id === type.id)
        .filter((equipment) => service === "all" || equipment.isInService === (service === "in"))
        .map((equipment) => withStatuses(equipment, instant))
        .filter((equipment) => statuses.length === 0 || statuses.includes(equipment.status as string));
      const body = list(method, "equipments", broken(rows, "eq_h_0001", "serialNumber", 42), request);
      return { ...body, equipments: (body.equipments as Row[]).map((row) => project(row, type, params)) };
    }
    const id = String(params.user);
    const users = leaks ? { ...records.a.users, ...records.b.users } : records[owner].users;
    const name = users[id];
    if (name === undefined) throw new Failure("content_not_found", `user not found: ${id}`);
    return { ok: true, user: { id, name: fault === "invalid-result" ? 42 : name } };
  };
}
