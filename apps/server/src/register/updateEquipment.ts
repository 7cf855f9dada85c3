import { randomBytes } from "node:crypto";
import type { EquipmentsUpdateResult, Methods } from "@wsafe/schema";
import { EventWriter } from "../events/EventWriter.js";
import { equipmentRecordOfRows } from "../store/queries/equipmentRecordOfRows.js";
import type { SqlParam } from "../store/queries/sqlParameters.js";
import type { WriteTransaction } from "../writes/WriteTransaction.js";
import { equipmentPatch, type FieldValues } from "./equipmentPatch.js";
import {
  type EquipmentName,
  keyHolderSql,
  namedEquipmentSql,
  type StoredEquipment,
  type StoredMetafield,
  storedEquipmentList,
  typeMetafieldsSql,
  unknownUserSql,
} from "./equipmentReadSql.js";
import { equipmentRefusals } from "./equipmentRefusals.js";
import { updateEquipmentSql } from "./equipmentWriteSql.js";
import { patchedMetavalues } from "./metavaluesOfType.js";

/** The parameters of `equipments.update`, checked. */
type UpdateParams = Methods["equipments.update"]["parsedParams"];

/** One `equipments.update` call, its parameters checked (`id` or `external_id` among them). */
export interface UpdateEquipmentRequest {
  accountId: string;
  params: UpdateParams;
  /** The request's instant (ms). */
  now: number;
}

/** What an update reads under its account's lock: the equipment, and what its rules need. */
interface UpdateRead extends StoredEquipment {
  /** The metafields of the type it has after the update; null: that is no type of the account. */
  type_metafields: StoredMetafield[] | null;
  /** The metafields of its type now. */
  own_metafields: StoredMetafield[];
  /** The first `assignedUsers_id` entry that is no user of the account. */
  unknown_user: string | null;
  /** Another equipment that holds the `external_id` to be given. */
  key_holder: string | null;
}

/** The equipment the request names, and the key it gives (with `id`, `external_id` is the new key). */
function namesOf(params: UpdateParams): { name: EquipmentName; newKey: string | null | undefined } {
  if (params.id !== undefined) return { name: { id: params.id }, newKey: params.external_id };
  // parseParams requires one of the two; registerParamsProblem refuses a null without id.
  return { name: { external_id: params.external_id ?? "" }, newKey: undefined };
}

/** The statement that reads the equipment and what the update's rules are checked against. */
function updateReadSql(param: SqlParam, accountId: string, params: UpdateParams): string {
  const { name, newKey } = namesOf(params);
  const account = param(accountId, "text");
  const newType = `coalesce(${param(params.equipmentType_id ?? null, "text")}, e.equipment_type_id)`;
  return `SELECT ${storedEquipmentList},
                 ${typeMetafieldsSql(account, newType)} AS type_metafields,
                 (SELECT t.metafields FROM equipment_types t WHERE t.id = e.equipment_type_id) AS own_metafields,
                 ${unknownUserSql(param, account, params.assignedUsers_id ?? [])} AS unknown_user,
                 ${keyHolderSql(param, account, typeof newKey === "string" ? newKey : null, "e.id")} AS key_holder
            FROM equipments e
           WHERE ${namedEquipmentSql(param, accountId, name)}`;
}

/** The fields sent that update plain values, as the record names them. */
const plainFields = [
  "equipmentType_id",
  "serialNumber",
  "notes",
  "parent_id",
  "fieldOffice_id",
  "lineOfBusiness_id",
  "assignedUsers_id",
  "isInService",
] as const;

/**
 * The value the update gives each field it names, its rules checked against what was read:
 * the type, the users, the metavalues after the patch (against the type after the update),
 * and the key. `title` and `clients_id` are removed with `null` (`clients_id` with `[]` too);
 * `external_id` is a field only when the equipment is named by `id`.
 */
function fieldValues(params: UpdateParams, found: UpdateRead): FieldValues {
  const typeId = params.equipmentType_id ?? found.equipment_type_id;
  if (found.type_metafields === null) throw equipmentRefusals.typeNotFound(typeId);
  if (found.unknown_user !== null) throw equipmentRefusals.userNotFound(found.unknown_user);
  const values: FieldValues = {};
  for (const field of plainFields) if (params[field] !== undefined) values[field] = params[field];
  if (params.title !== undefined) values.title = params.title;
  if (params.clients_id !== undefined)
    values.clients_id = params.clients_id?.length ? params.clients_id : null;
  const moved = typeId !== found.equipment_type_id;
  if (params.metavalues !== undefined || moved)
    values.metavalues = patchedMetavalues(params.metavalues ?? {}, {
      stored: found.metavalues,
      type: { typeId, metafields: found.type_metafields },
      ownMetafields: found.own_metafields,
      moved,
    });
  const { newKey } = namesOf(params);
  if (newKey !== undefined) {
    if (newKey !== null && found.key_holder !== null)
      throw equipmentRefusals.externalIdTaken(newKey, found.key_holder);
    values.external_id = newKey;
  }
  return values;
}

/**
 * Changes the fields of one equipment of the account's register in the write's
 * transaction: under the account's lock, one statement reads it (by `id` or
 * `external_id`) with what its rules need; the checks run in the contract's order (the
 * equipment, `if_version`, the type, the users, the metavalues, the key); then, when
 * anything changes, one statement writes it, its events (`equipment.updated` with the
 * record and the changed fields as they were, and the status transitions of a move) and
 * the write's closing statements. The store's trigger makes the new version: one more
 * than the one read, once per transaction, which is what the answer says. A request that
 * changes nothing answers the record as it is and records nothing.
 *
 * @param write - the write's transaction
 * @param request - the checked call
 * @returns the success body
 * @throws ApiError `content_not_found` (equipment, type, user), `version_mismatch`,
 *   `parameter_invalid` (a metavalue of no metafield of the type), `external_id_taken`
 */
export async function updateEquipment(
  write: WriteTransaction,
  request: UpdateEquipmentRequest,
): Promise<EquipmentsUpdateResult> {
  const { accountId, params, now } = request;
  const events = await EventWriter.open<UpdateRead>(write, { accounts: [accountId], at: now }, (param) =>
    updateReadSql(param, accountId, params),
  );
  const found = events.read;
  if (!found) throw equipmentRefusals.equipmentNotFound(params.id ?? params.external_id ?? "");
  if (params.if_version !== undefined && params.if_version !== found.version)
    throw equipmentRefusals.versionMismatch(found.id, found.version, params.if_version);
  const { row, previous } = equipmentPatch(found, fieldValues(params, found));
  const { instant } = events;
  if (Object.keys(previous).length === 0)
    return { ok: true, equipment: equipmentRecordOfRows(found, found.schedules, instant) };
  const equipment = equipmentRecordOfRows({ ...row, version: found.version + 1 }, found.schedules, instant);
  const answer: EquipmentsUpdateResult = { ok: true, equipment };
  const { schedules } = found;
  const before = { accountId, equipmentTypeId: found.equipment_type_id, schedules };
  const after = { accountId, equipmentTypeId: equipment.equipmentType_id, schedules };
  await events.record(
    {
      cause: "api",
      key: randomBytes(12).toString("hex"),
      equipment: [{ equipmentId: found.id, before, after }],
      records: [
        {
          type: "equipment.updated",
          accountId,
          equipmentTypeId: after.equipmentTypeId,
          equipmentId: found.id,
          record: equipment,
          previousAttributes: previous,
        },
      ],
    },
    (param) => [updateEquipmentSql(param, row), ...write.closingSql(param, answer)],
  );
  return answer;
}
