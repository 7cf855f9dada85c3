import type { DatasetEquipment, Equipment, Resource, ScheduleDates, Version } from "@wsafe/schema";

/** Where one field of a record is stored: its column and the column's SQL type. */
export interface Column {
  readonly column: string;
  readonly type: "text" | "bigint" | "integer" | "boolean" | "jsonb";
}

/** A record type's stored fields, each mapped to its column. */
export type ColumnMap<Fields extends string> = { readonly [Field in Fields]: Column };

const text = (column: string): Column => ({ column, type: "text" });
const bigint = (column: string): Column => ({ column, type: "bigint" });
const integer = (column: string): Column => ({ column, type: "integer" });
const boolean = (column: string): Column => ({ column, type: "boolean" });
const jsonb = (column: string): Column => ({ column, type: "jsonb" });

/**
 * The columns of a resource's fields (its versions live in `resource_versions`). Keyed
 * by the schema's field names and checked against them at compile time: a field added
 * to the record without a column here does not build.
 */
export const resourceColumns = {
  id: text("id"),
  title: text("title"),
  created: bigint("created"),
  sequence: bigint("sequence"),
  category_id: text("category_id"),
  tags: jsonb("tags"),
  shouldBeAvailableOffline: boolean("should_be_available_offline"),
} as const satisfies ColumnMap<Exclude<keyof Resource, "versions">>;

/** The columns of a version's fields, in `resource_versions`. */
export const versionColumns = {
  creator_id: text("creator_id"),
  created: bigint("created"),
  approvedOn: bigint("approved_on"),
  version: text("version"),
  description: text("description"),
  type: text("type"),
} as const satisfies ColumnMap<keyof Version>;

/**
 * The columns of an equipment's fields that a dataset gives (statuses are computed;
 * schedules have their table; the `version` is the database's).
 */
export const equipmentColumns = {
  id: text("id"),
  external_id: text("external_id"),
  serialNumber: text("serial_number"),
  equipmentType_id: text("equipment_type_id"),
  created: bigint("created"),
  parent_id: text("parent_id"),
  fieldOffice_id: jsonb("field_office_ids"),
  lineOfBusiness_id: text("line_of_business_id"),
  clients_id: jsonb("client_ids"),
  assignedUsers_id: jsonb("assigned_user_ids"),
  title: text("title"),
  notes: text("notes"),
  isInService: boolean("is_in_service"),
  metavalues: jsonb("metavalues"),
} as const satisfies ColumnMap<Exclude<keyof DatasetEquipment, "schedules">>;

/**
 * The columns of every stored field of an equipment's record: those an import writes
 * ({@link equipmentColumns}), and the `version` the database keeps (migration 0015's
 * triggers: no writer sets it).
 */
export const equipmentRecordColumns = {
  ...equipmentColumns,
  version: integer("version"),
} as const satisfies ColumnMap<Exclude<keyof Equipment, "schedules" | "status">>;

/** The columns of a schedule's stored dates, in `schedules`. */
export const scheduleColumns = {
  schedule_id: text("schedule_id"),
  expiresOn: bigint("expires_on"),
  expiringOn: bigint("expiring_on"),
  lastCompletedOn: bigint("last_completed_on"),
  interval: text("inspection_interval"),
  warning: text("expiry_warning"),
} as const satisfies ColumnMap<keyof ScheduleDates>;

/**
 * A field name as a SQL identifier: quoted, since the record's names are camelCase
 * (`"serialNumber"`), which PostgreSQL would fold to lower case unquoted.
 *
 * @param field - a field name of the schema (letters, digits and `_` only)
 */
export function quoteField(field: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(field)) throw new Error(`not a field name: ${field}`);
  return `"${field}"`;
}
