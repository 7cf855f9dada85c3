import { type Column, type ColumnMap, quoteField } from "./columns.js";

/** What {@link insertFromJson} writes. */
export interface InsertFromJson {
  /** The table written to. */
  table: string;
  /** The fields each JSON record carries, by name, and their columns. */
  fields: ColumnMap<string>;
  /** Columns computed rather than read, e.g. an equipment's account from its type. */
  computed?: readonly { column: string; expression: string }[];
  /** A join the computed expressions need, e.g. `JOIN equipment_types t ON ...`. */
  join?: string;
  /** The key column: an existing row with it is updated (every other column) instead of inserted. */
  conflictColumn?: string;
}

/**
 * The statement that writes a batch of records given as one JSON array (`$1`): each
 * record's fields are read by their schema names through `json_to_recordset` and
 * written to their columns, from the column maps, so names are written nowhere else.
 *
 * @param spec - table, fields, computed columns and the key to upsert on
 * @example
 * insertFromJson({ table: "schedules", fields: { equipment_id: ..., ...scheduleColumns } });
 * // INSERT INTO schedules (equipment_id, schedule_id, ...) SELECT x."equipment_id", ... FROM json_to_recordset($1::json) AS x(...)
 */
export function insertFromJson(spec: InsertFromJson): string {
  const fields = Object.entries(spec.fields) as [string, Column][];
  const computed = spec.computed ?? [];
  const columns = [...fields.map(([, { column }]) => column), ...computed.map(({ column }) => column)];
  const values = [
    ...fields.map(([field]) => `x.${quoteField(field)}`),
    ...computed.map(({ expression }) => expression),
  ];
  const recordType = fields.map(([field, { type }]) => `${quoteField(field)} ${type}`).join(", ");
  const conflict = spec.conflictColumn
    ? `ON CONFLICT (${spec.conflictColumn}) DO UPDATE SET ${columns
        .filter((column) => column !== spec.conflictColumn)
        .map((column) => `${column} = EXCLUDED.${column}`)
        .join(", ")}`
    : "";
  return [
    `INSERT INTO ${spec.table} (${columns.join(", ")})`,
    `SELECT ${values.join(", ")}`,
    `  FROM json_to_recordset($1::json) AS x(${recordType})`,
    spec.join ?? "",
    conflict,
  ]
    .filter(Boolean)
    .join("\n");
}
