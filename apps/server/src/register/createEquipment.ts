import { randomBytes } from "node:crypto";
import type { EquipmentsCreateResult, Methods } from "@wsafe/schema";
import { EventWriter } from "../events/EventWriter.js";
import { equipmentRecordColumns } from "../store/queries/columns.js";
import { equipmentRecordOfRows, type StoredSchedule } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import type { WriteTransaction } from "../writes/WriteTransaction.js";
import { keyHolderSql, type StoredMetafield, typeMetafieldsSql, unknownUserSql } from "./equipmentReadSql.js";
import { equipmentRefusals } from "./equipmentRefusals.js";
import { insertEquipmentSql, insertSchedulesSql } from "./equipmentWriteSql.js";
import { metavaluesOfNewEquipment } from "./metavaluesOfType.js";
import { byStoredText } from "./storedOrder.js";

/** The parameters of `equipments.create`, checked, its defaults applied. */
type CreateParams = Methods["equipments.create"]["parsedParams"];

/** One `equipments.create` call, its parameters checked. */
export interface CreateEquipmentRequest {
  accountId: string;
  params: CreateParams;
  /** The request's instant (ms). */
  now: number;
}

/** What a create reads under its account's lock: one row, whatever it finds. */
interface CreateRead {
  /** The type's metafields; null: it is no type of the account. */
  type_metafields: StoredMetafield[] | null;
  /** The first `assignedUsers_id` entry that is no user of the account. */
  unknown_user: string | null;
  /** The equipment that holds the `external_id` asked for. */
  key_holder: string | null;
}

/** A new equipment id: `eq_` and 16 random hex digits. */
const newEquipmentId = () => `eq_${randomBytes(8).toString("hex")}`;

/** The schedules as stored, in `schedule_id` order (the answer's order, `equipments.list`'s). */
function storedSchedules(params: CreateParams): StoredSchedule[] {
  return params.schedules
    .map((schedule) => ({
      schedule_id: schedule.schedule_id,
      expiresOn: schedule.expiresOn,
      expiringOn: schedule.expiringOn,
      lastCompletedOn: schedule.lastCompletedOn,
      interval: schedule.interval ?? null,
      warning: schedule.warning ?? null,
    }))
    .sort((a, b) => byStoredText(a.schedule_id, b.schedule_id));
}

/** The statement that reads, in one row, what the create's rules are checked against. */
function createReadSql(param: SqlParam, accountId: string, params: CreateParams): string {
  const account = param(accountId, "text");
  return `SELECT ${typeMetafieldsSql(account, param(params.equipmentType_id, "text"))} AS type_metafields,
                 ${unknownUserSql(param, account, params.assignedUsers_id)} AS unknown_user,
                 ${keyHolderSql(param, account, params.external_id ?? null, "NULL::text")} AS key_holder`;
}

/**
 * Adds an equipment to the account's register in the write's transaction: under the
 * account's lock (so two creates with one `external_id` are checked one after the other),
 * one statement reads its type's metafields, the first assigned user the account lacks and
 * the holder of its `external_id`; then one statement inserts the equipment, its schedules,
 * its events (`equipment.created` carrying the answer's record, each status's first
 * transition) and the write's closing statements. `version` 1 is the column's default,
 * `created` the write's instant.
 *
 * @param write - the write's transaction
 * @param request - the checked call
 * @returns the success body
 * @throws ApiError `content_not_found` (type, user), `parameter_invalid` (a metavalue of no
 *   metafield of the type), `external_id_taken`
 */
export async function createEquipment(
  write: WriteTransaction,
  request: CreateEquipmentRequest,
): Promise<EquipmentsCreateResult> {
  const { accountId, params, now } = request;
  const events = await EventWriter.open<CreateRead>(write, { accounts: [accountId], at: now }, (param) =>
    createReadSql(param, accountId, params),
  );
  const found = events.read;
  const typeId = params.equipmentType_id;
  if (!found?.type_metafields) throw equipmentRefusals.typeNotFound(typeId);
  if (found.unknown_user !== null) throw equipmentRefusals.userNotFound(found.unknown_user);
  const metavalues = metavaluesOfNewEquipment(params.metavalues, {
    typeId,
    metafields: found.type_metafields,
  });
  if (params.external_id !== undefined && found.key_holder !== null)
    throw equipmentRefusals.externalIdTaken(params.external_id, found.key_holder);
  const id = newEquipmentId();
  const fields = {
    id,
    external_id: params.external_id ?? null,
    serialNumber: params.serialNumber,
    equipmentType_id: typeId,
    created: events.instant,
    parent_id: params.parent_id,
    fieldOffice_id: params.fieldOffice_id,
    lineOfBusiness_id: params.lineOfBusiness_id,
    // No clients and an empty list are one thing: the record leaves the field out.
    clients_id: params.clients_id?.length ? params.clients_id : null,
    assignedUsers_id: params.assignedUsers_id,
    title: params.title ?? null,
    notes: params.notes,
    isInService: params.isInService,
    metavalues,
    version: 1,
  } satisfies Record<keyof typeof equipmentRecordColumns, unknown>;
  const row = Object.fromEntries(
    Object.entries(fields).map(([field, value]) => [
      equipmentRecordColumns[field as keyof typeof fields].column,
      value,
    ]),
  );
  const schedules = storedSchedules(params);
  const equipment = equipmentRecordOfRows(row, schedules, events.instant);
  const answer: EquipmentsCreateResult = { ok: true, equipment };
  const state = { accountId, equipmentTypeId: typeId };
  await events.record(
    {
      cause: "api",
      key: id,
      equipment: [{ equipmentId: id, before: null, after: { ...state, schedules } }],
      records: [{ type: "equipment.created", ...state, equipmentId: id, record: equipment }],
    },
    (param) => [
      insertEquipmentSql(param, accountId, row),
      insertSchedulesSql(param, id, schedules),
      ...write.closingSql(param, answer),
    ],
  );
  return answer;
}
