import { randomBytes } from "node:crypto";
import { type EquipmentsRetireResult, equipmentSchema, type Methods } from "@wsafe/schema";
import { EventWriter } from "../events/EventWriter.js";
import { equipmentRecordOfRows } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import type { WriteTransaction } from "../writes/WriteTransaction.js";
import {
  type EquipmentName,
  namedEquipmentSql,
  type StoredEquipment,
  storedEquipmentList,
} from "./equipmentReadSql.js";
import { equipmentRefusals } from "./equipmentRefusals.js";
import { retireEquipmentSql } from "./equipmentWriteSql.js";

/** The parameters of `equipments.retire`, checked. */
type RetireParams = Methods["equipments.retire"]["parsedParams"];

/** One `equipments.retire` call, its parameters checked (`id` or `external_id`, not both). */
export interface RetireEquipmentRequest {
  accountId: string;
  params: RetireParams;
  /** The request's instant (ms). */
  now: number;
}

/**
 * What a retirement reads under its account's lock, in one row: the equipment of the
 * register it names (`id` null: none), and the last retirement of that name.
 */
type RetireRead = (StoredEquipment | { id: null }) & {
  /** The answer's record of the last retirement of that name, as kept. */
  retired_equipment: unknown;
  retired_at: string | null;
};

/** The request's name of the equipment. */
const nameOf = (params: RetireParams): EquipmentName =>
  params.id !== undefined ? { id: params.id } : { external_id: params.external_id ?? "" };

/**
 * The statement that reads the named equipment of the register and, beside it, the last
 * retirement of the name: by `id`, the equipment's; by `external_id`, the latest of an
 * equipment that held the key when it was retired.
 */
function retireReadSql(param: SqlParam, accountId: string, params: RetireParams): string {
  const name = nameOf(params);
  const account = param(accountId, "text");
  const retiredName =
    "id" in name ? `x.id = ${param(name.id, "text")}` : `x.external_id = ${param(name.external_id, "text")}`;
  return `SELECT l.*, r.equipment AS retired_equipment, r.retired_at::text AS retired_at
            FROM (SELECT 1) one
            LEFT JOIN LATERAL (SELECT ${storedEquipmentList} FROM equipments e
                                WHERE ${namedEquipmentSql(param, accountId, name)}) l ON true
            LEFT JOIN LATERAL (SELECT x.equipment, x.retired_at FROM retired_equipments x
                                WHERE x.account_id = ${account} AND ${retiredName}
                                ORDER BY x.retired_at DESC, x.change_seq DESC LIMIT 1) r ON true`;
}

/**
 * Retires one equipment of the account's register in the write's transaction: under the
 * account's lock, one statement reads it (by `id` or `external_id`) and the last
 * retirement of that name. An equipment of the register is retired: one statement deletes
 * its row (its schedules with it), keeps the answer in `retired_equipments`, and records
 * its events (each status's last transition, then `equipment.retired` with the record as
 * it was) with the write's closing statements; its last version is one more than the one
 * read. A name that only a retired equipment answers to answers that retirement's answer
 * again, and writes nothing: the equipment as it was then (its fields in the record's
 * order), the same `retired_at`.
 *
 * @param write - the write's transaction
 * @param request - the checked call
 * @returns the success body
 * @throws ApiError `content_not_found`
 */
export async function retireEquipment(
  write: WriteTransaction,
  request: RetireEquipmentRequest,
): Promise<EquipmentsRetireResult> {
  const { accountId, params, now } = request;
  const events = await EventWriter.open<RetireRead>(write, { accounts: [accountId], at: now }, (param) =>
    retireReadSql(param, accountId, params),
  );
  const found = events.read;
  if (!found || found.id === null) {
    if (found?.retired_at == null)
      throw equipmentRefusals.equipmentNotFound(params.id ?? params.external_id ?? "");
    // Kept as jsonb, whose keys come back in its own order: parsed, they are the record's again.
    const equipment = equipmentSchema.parse(found.retired_equipment);
    return { ok: true, equipment, retired_at: Number(found.retired_at) };
  }
  const { instant } = events;
  const equipment = equipmentRecordOfRows({ ...found, version: found.version + 1 }, found.schedules, instant);
  const answer: EquipmentsRetireResult = { ok: true, equipment, retired_at: instant };
  const state = { accountId, equipmentTypeId: found.equipment_type_id };
  await events.record(
    {
      cause: "api",
      key: randomBytes(12).toString("hex"),
      equipment: [{ equipmentId: found.id, before: { ...state, schedules: found.schedules }, after: null }],
      records: [{ type: "equipment.retired", ...state, equipmentId: found.id, record: equipment }],
    },
    (param) => [
      ...retireEquipmentSql(param, accountId, equipment, instant),
      ...write.closingSql(param, answer),
    ],
  );
  return answer;
}
