import { createHash } from "node:crypto";
import {
  type MethodName,
  type RegisterWriteMethod,
  registerParamsProblem,
  registerWriteMethods,
} from "@wsafe/schema";
import { Failure } from "./Failure.js";
import type { Fault } from "./Fault.js";
import type { FixtureFeed, Render } from "./fixtureFeed.js";
import type { AccountRecords, FixtureEquipment, Owner } from "./fixtureRecords.js";
import { fixtureRegisterEvents } from "./fixtureRegisterEvents.js";

type Params = Record<string, unknown>;
type Row = Record<string, unknown>;

/** Whether a method is one of the register's writes. */
export const isRegisterWrite = (method: MethodName): method is RegisterWriteMethod =>
  (registerWriteMethods as readonly string[]).includes(method);

const fingerprint = (method: string, { token: _t, pretty: _p, idempotency_key: _k, ...asked }: Params) =>
  createHash("sha256")
    .update(method + JSON.stringify(Object.entries(asked).sort()))
    .digest("hex");

/**
 * The register's writes for the fixture, written apart from the server's SQL, with the
 * rules the kit checks: the rules beyond the schema first, then the lookups (another
 * account's record answers as one nobody has), the idempotency key, the record and its
 * version, its events (cause `api`) and its place in the feed (`fixtureFeed`). A status
 * changes here only when a schedule appears or goes or the equipment does: the kit's
 * writes never move an equipment between types nor out of service, so those transitions
 * are not modelled. Faults that break one refusal are applied here.
 *
 * @param records - the two accounts' records, changed in place
 * @param events - where each account's events go (those `events.list` answers beside the time ones)
 * @param feed - the feed the writes append to
 * @param render - an equipment as the lists render it
 * @param fault - the fixture's one fault
 */
export function fixtureRegister(
  records: Record<Owner, AccountRecords>,
  events: (owner: Owner) => Row[],
  feed: FixtureFeed,
  render: Render,
  fault: Fault | undefined,
) {
  const keys: Record<Owner, Map<string, { fingerprint: string; answer: Row }>> = {
    a: new Map(),
    b: new Map(),
  };
  let made = 0;
  const notFound = (what: string, id: unknown): never => {
    // A lenient server answers a lookup that found nothing as if it wrote.
    if (fault === "unknown-record-written") throw new Succeeded();
    throw new Failure("content_not_found", `${what} not found: ${String(id)}`);
  };
  const { event, transitions, recordEvent } = fixtureRegisterEvents(records, events, render, fault);
  const live = (owner: Owner, params: Params) => {
    const found = records[owner].equipments.find((e) =>
      params.id !== undefined ? e.id === params.id : e.external_id === params.external_id,
    );
    return found ?? notFound("equipment", params.id ?? params.external_id);
  };
  const type = (owner: Owner, id: unknown) =>
    records[owner].equipmentTypes.find((t) => t.id === id) ?? notFound("equipment type", id);
  const holderOf = (owner: Owner, key: unknown, except?: string) =>
    key === undefined || key === null
      ? undefined
      : records[owner].equipments.find((e) => e.external_id === key && e.id !== except);
  const taken = (key: unknown, holder: FixtureEquipment) => {
    throw new Failure(
      "external_id_taken",
      `external_id ${String(key)} is held by equipment ${holder.id}: update it with equipments.update, or choose another key`,
    );
  };
  /** Bumps the version of a changed equipment and puts it last in the feed. */
  const changed = (owner: Owner, equipment: FixtureEquipment) => {
    if (fault !== "write-version-stale") equipment.version += 1;
    if (fault !== "feed-misses-writes") feed.touch(owner, equipment.id);
  };

  const writes: Record<RegisterWriteMethod, (params: Params, owner: Owner, now: number) => Row> = {
    "equipmentTypes.create": (params, owner, now) => {
      const made_ = {
        id: `et_fx_${++made}`,
        name: params.name as string,
        metafields: (params.metafields ?? []) as never,
      };
      records[owner].equipmentTypes.push(made_);
      event(owner, now, { type: "equipmentType.created", equipmentType_id: made_.id, equipmentType: made_ });
      return { ok: true, equipmentType: made_ };
    },
    "equipmentTypes.update": (params, owner, now) => {
      const found = type(owner, params.id);
      const previous = structuredClone(found);
      if (params.name !== undefined) found.name = params.name as string;
      if (params.metafields !== undefined) found.metafields = params.metafields as never;
      event(owner, now, {
        type: "equipmentType.updated",
        equipmentType_id: found.id,
        equipmentType: found,
        previous_attributes: previous,
      });
      return { ok: true, equipmentType: found };
    },
    "equipments.create": (params, owner, now) => {
      const of = type(owner, params.equipmentType_id);
      for (const user of (params.assignedUsers_id ?? []) as string[])
        if (records[owner].users[user] === undefined) notFound("user", user);
      const holder = holderOf(owner, params.external_id);
      if (holder) taken(params.external_id, holder);
      for (const key of Object.keys((params.metavalues ?? {}) as object))
        if (!of.metafields.some((field) => field.id === key))
          throw new Failure(
            "parameter_invalid",
            `invalid parameter: metavalues.${key}: not a metafield of equipment type ${of.id}`,
          );
      const {
        token: _t,
        pretty: _p,
        idempotency_key: _k,
        clients_id,
        title,
        external_id,
        schedules,
        ...fields
      } = params;
      const equipment = {
        id: `eq_fx_${++made}`,
        ...(external_id === undefined ? {} : { external_id }),
        ...fields,
        created: now,
        ...((clients_id as string[] | undefined)?.length ? { clients_id } : {}),
        ...(title === undefined ? {} : { title }),
        schedules: ((schedules ?? []) as Row[]).map((s) => ({ lastCompletedOn: null, ...s })),
        version: 1,
      } as unknown as FixtureEquipment;
      records[owner].equipments.push(equipment);
      if (fault !== "feed-misses-writes") feed.touch(owner, equipment.id);
      recordEvent(owner, now, "equipment.created", equipment);
      transitions(owner, now, equipment);
      const answer = render(owner, equipment, now);
      return {
        ok: true,
        equipment: fault === "write-created-wrong" ? { ...answer, notes: "not what was sent" } : answer,
      };
    },
    "equipments.update": (params, owner, now) => {
      const equipment = live(owner, params);
      const stale = params.if_version !== undefined && params.if_version !== equipment.version;
      if (stale && fault !== "if-version-ignored")
        throw new Failure(
          "version_mismatch",
          `equipment ${equipment.id} is at version ${equipment.version}, not if_version ${params.if_version}: read it again, apply your change to it and send its version`,
        );
      const {
        token: _t,
        pretty: _p,
        idempotency_key: _k,
        id,
        if_version: _v,
        external_id,
        ...fields
      } = params;
      if (fields.equipmentType_id !== undefined) type(owner, fields.equipmentType_id);
      if (id !== undefined && external_id !== undefined) {
        const holder = holderOf(owner, external_id, equipment.id);
        if (holder) taken(external_id, holder);
        fields.external_id = external_id;
      }
      const previous: Row = {};
      const stored = equipment as unknown as Row;
      for (const [field, value] of Object.entries(fields)) {
        if (JSON.stringify(stored[field] ?? null) === JSON.stringify(value)) continue;
        previous[field] = stored[field] ?? null;
        if (value === null) delete stored[field];
        else stored[field] = value;
      }
      if (Object.keys(previous).length === 0) return { ok: true, equipment: render(owner, equipment, now) };
      changed(owner, equipment);
      recordEvent(owner, now, "equipment.updated", equipment, { previous_attributes: previous });
      return { ok: true, equipment: render(owner, equipment, now) };
    },
    "equipments.retire": (params, owner, now) => {
      const first = fault === "retire-forgets-answer" ? undefined : feed.retirement(owner, params);
      if (first) return first;
      const equipment = live(owner, params);
      const was = structuredClone(equipment);
      equipment.version += 1;
      const answer = { ok: true, equipment: render(owner, equipment, now), retired_at: now };
      if (fault !== "retired-still-listed")
        records[owner].equipments.splice(records[owner].equipments.indexOf(equipment), 1);
      feed.retire(owner, equipment, answer);
      transitions(owner, now, equipment, was);
      recordEvent(owner, now, "equipment.retired", equipment, { equipment: answer.equipment });
      return answer;
    },
    "schedules.set": (params, owner, now) => {
      const equipment = live(owner, { id: params.equipment_id });
      const was = structuredClone(equipment);
      const schedule = equipment.schedules.find((s) => s.schedule_id === params.schedule_id);
      const { interval, warning, expiresOn, expiringOn } = params;
      const next = {
        ...(schedule ?? {
          schedule_id: params.schedule_id as string,
          expiresOn: null,
          expiringOn: null,
          lastCompletedOn: null,
        }),
      } as Row;
      for (const [field, value] of Object.entries({ interval, warning, expiresOn, expiringOn }))
        if (value === null && (field === "interval" || field === "warning")) delete next[field];
        else if (value !== undefined) next[field] = value;
      if (schedule && JSON.stringify(next) === JSON.stringify(schedule))
        return { ok: true, equipment: render(owner, equipment, now) };
      equipment.schedules = [...equipment.schedules.filter((s) => s !== schedule), next as never];
      changed(owner, equipment);
      recordEvent(owner, now, "equipment.updated", equipment, {
        previous_attributes: { schedules: render(owner, was, now).schedules },
      });
      transitions(owner, now, equipment, was);
      return { ok: true, equipment: render(owner, equipment, now) };
    },
    "schedules.remove": (params, owner, now) => {
      const equipment = live(owner, { id: params.equipment_id });
      if (!equipment.schedules.some((s) => s.schedule_id === params.schedule_id))
        throw new Failure(
          "content_not_found",
          `schedule not found: ${params.schedule_id} of equipment ${equipment.id}`,
        );
      const was = structuredClone(equipment);
      equipment.schedules = equipment.schedules.filter((s) => s.schedule_id !== params.schedule_id);
      changed(owner, equipment);
      recordEvent(owner, now, "equipment.updated", equipment, {
        previous_attributes: { schedules: render(owner, was, now).schedules },
      });
      transitions(owner, now, equipment, was);
      return { ok: true, equipment: render(owner, equipment, now) };
    },
  };

  /** Answers one write: its rules, its key, then the write itself. */
  return (method: RegisterWriteMethod, params: Params, owner: Owner, now: number): Row => {
    const problem = registerParamsProblem(method, params);
    if (problem && fault !== "register-rules-ignored") throw new Failure(problem.error, problem.description);
    const key = params.idempotency_key as string | undefined;
    const kept = key === undefined || fault === "idempotency-ignored" ? undefined : keys[owner].get(key);
    if (kept) {
      if (kept.fingerprint !== fingerprint(method, params))
        throw new Failure("idempotency_key_reused", "idempotency_key was sent with other parameters");
      return kept.answer;
    }
    let answer: Row;
    try {
      answer = writes[method](params, owner, now);
    } catch (error) {
      if (error instanceof Succeeded) return { ok: true };
      throw error;
    }
    if (key !== undefined) keys[owner].set(key, { fingerprint: fingerprint(method, params), answer });
    return answer;
  };
}

/** Thrown under `unknown-record-written`: the lookup found nothing, the server answers ok anyway. */
class Succeeded extends Error {}
