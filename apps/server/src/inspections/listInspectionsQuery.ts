import type { Inspection } from "@wsafe/schema";
import { sqlParameters } from "../store/queries/sqlParameters.js";

/** What `inspections.list` asks of the store, its ids known to be the account's. */
export interface InspectionsFilter {
  accountId: string;
  equipmentId?: string | undefined;
  /** With `equipmentId` only. */
  scheduleId?: string | undefined;
  equipmentTypeId?: string | undefined;
  inspectorId?: string | undefined;
  /** On `performed_at`, both included. */
  from?: number | undefined;
  to?: number | undefined;
}

/** One inspection as the statement answers it: bigints as text. */
export interface InspectionRow {
  id: string;
  equipment_id: string;
  equipment_type_id: string;
  schedule_id: string;
  serial_number: string;
  result: Inspection["result"];
  performed_at: string;
  recorded_at: string;
  inspector_id: string;
  notes: string | null;
  expires_on: string | null;
  expiring_on: string | null;
}

/**
 * An inspection row as the record of `@wsafe/schema`, fields in its order.
 *
 * @param row - a row of {@link listInspectionsQuery}
 */
export function inspectionRecord(row: InspectionRow): Inspection {
  return {
    id: row.id,
    equipment_id: row.equipment_id,
    equipmentType_id: row.equipment_type_id,
    schedule_id: row.schedule_id,
    serialNumber: row.serial_number,
    result: row.result,
    performed_at: Number(row.performed_at),
    recorded_at: Number(row.recorded_at),
    inspector_id: row.inspector_id,
    notes: row.notes,
    expiresOn: row.expires_on === null ? null : Number(row.expires_on),
    expiringOn: row.expiring_on === null ? null : Number(row.expiring_on),
  };
}

/**
 * Builds the statement of one page of `inspections.list`: the account's inspections that
 * pass the filter, after the key `after`, in (`performed_at`, `id`) order. Each filter has an index that leads with it and ends in
 * (`performed_at`, `id`), so a page is a range read wherever it starts.
 *
 * @param filter - the account and the filters
 * @param after - the previous page's last key (`performed_at` as text, `id`)
 * @param rows - how many rows to read
 */
export function listInspectionsQuery(
  filter: InspectionsFilter,
  after: readonly [string, string] | undefined,
  rows: number,
): { text: string; params: unknown[] } {
  const { params, param } = sqlParameters();
  const where = [`i.account_id = ${param(filter.accountId, "text")}`];
  if (filter.equipmentId !== undefined) where.push(`i.equipment_id = ${param(filter.equipmentId, "text")}`);
  if (filter.scheduleId !== undefined) where.push(`i.schedule_id = ${param(filter.scheduleId, "text")}`);
  if (filter.equipmentTypeId !== undefined)
    where.push(`i.equipment_type_id = ${param(filter.equipmentTypeId, "text")}`);
  if (filter.inspectorId !== undefined) where.push(`i.inspector_id = ${param(filter.inspectorId, "text")}`);
  if (filter.from !== undefined) where.push(`i.performed_at >= ${param(filter.from, "bigint")}`);
  if (filter.to !== undefined) where.push(`i.performed_at <= ${param(filter.to, "bigint")}`);
  if (after)
    where.push(`(i.performed_at, i.id) > (${param(after[0], "bigint")}, ${param(after[1], "text")})`);
  const text = `SELECT i.id, i.equipment_id, i.equipment_type_id, i.schedule_id, i.serial_number, i.result,
       i.performed_at::text, i.recorded_at::text, i.inspector_id, i.notes, i.expires_on::text, i.expiring_on::text
  FROM inspections i
 WHERE ${where.join(" AND ")}
 ORDER BY i.performed_at, i.id
 LIMIT ${param(rows, "integer")}`;
  return { text, params };
}
