import type { Dataset } from "@wsafe/schema";
import { hashToken } from "../hashToken.js";
import {
  type Column,
  type ColumnMap,
  equipmentColumns,
  resourceColumns,
  scheduleColumns,
  versionColumns,
} from "../queries/columns.js";
import { type CopyType, copyField } from "./copyText.js";

type DatasetRecord<List extends keyof Dataset> = Dataset[List][number];

/**
 * One column of an imported table and how its value is read: from the record, or for a
 * child row (a schedule, a version) from the id of the record it belongs to and its
 * position among that record's children.
 */
interface ImportColumn<R> {
  column: string;
  type: CopyType;
  read: (record: R, ownerId: string, index: number) => unknown;
}

/**
 * How the records of one table travel. Rows whose key the table does not hold yet are
 * copied straight into it (`COPY`: the cheapest way in, every constraint and index
 * checked as rows arrive). Records the store already holds go through a temporary
 * staging table of the same columns (no constraints, no indexes: cheap to fill) and one
 * `INSERT ... SELECT ... ON CONFLICT DO UPDATE`. Child rows (schedules, versions) of new
 * parents are copied straight in; those of parents the store holds are staged too, and
 * only the rows that differ are deleted and inserted ({@link ImportTable.replace}).
 */
export interface ImportTable<R> {
  /** The table written. */
  table: string;
  /** Its columns, in the order of each COPY line's fields. */
  columns: readonly ImportColumn<R>[];
  columnNames: readonly string[];
  /**
   * For a table of child rows (versions, schedules): the column holding the id of the
   * record they belong to.
   */
  ownerColumn?: string;
  /**
   * For a table of child rows: how a parent named again gets exactly the children the
   * file gives it, writing only what differs. A schedule deleted and inserted again,
   * even unchanged, is a change of its equipment (migration 0015's triggers: a new
   * `version` and a new place in `equipments.changes`), so a file imported twice must
   * touch none: the rows are staged, the stored ones no staged row matches in every
   * column are deleted, and the staged ones the table lacks are inserted.
   */
  replace?: {
    /** The staging table's name (`wsafe_stage_<table>`). */
    stage: string;
    /** `CREATE TEMP TABLE ... ON COMMIT DROP`: gone with the transaction, however it ends. */
    createStage: string;
    /** Deletes the stored children of the parents `$1` (`text[]`) that no staged row matches in every column. */
    removeChanged: string;
    /** Inserts the staged children the table does not hold (what it holds is identical: kept). */
    addNew: string;
  };
  /** For a table of records with a key: how to stage and upsert the existing ones. */
  upsert?: {
    /** The key column, its type, and how to read it from a record. */
    key: { column: string; type: "text" | "bytea"; read: (record: R) => unknown };
    /** The staging table's name (`wsafe_stage_<table>`). */
    stage: string;
    /** `CREATE TEMP TABLE ... ON COMMIT DROP`: gone with the transaction, however it ends. */
    createStage: string;
    /** Moves the staged rows into the table, updating those whose key exists. */
    merge: string;
  };
}

/**
 * Builds a table spec; `key` makes its records upserted on that column, `owner` makes
 * it a table of child rows whose first column is the id of the record they belong to.
 */
function importTable<R>(spec: {
  table: string;
  columns: readonly ImportColumn<R>[];
  key?: { column: string; type: "text" | "bytea"; read: (record: R) => unknown };
  /** For child rows: the column of the parent's id, and the column naming a child within its parent. */
  owner?: { column: string; childKey: string };
  /** Columns whose stored value a record that leaves them out (NULL) keeps, when it is updated. */
  keptWhenAbsent?: readonly string[];
}): ImportTable<R> {
  const columns = spec.owner ? [ownerId<R>(spec.owner.column), ...spec.columns] : spec.columns;
  const names = columns.map(({ column }) => column);
  const table: ImportTable<R> = { table: spec.table, columns, columnNames: names };
  if (spec.owner) {
    table.ownerColumn = spec.owner.column;
    table.replace = replaceChildren(spec.table, names, spec.owner);
  }
  if (!spec.key) return table;
  const key = spec.key.column;
  const stage = `wsafe_stage_${spec.table}`;
  const update = names
    .filter((column) => column !== key)
    .map((column) =>
      spec.keptWhenAbsent?.includes(column)
        ? `${column} = coalesce(EXCLUDED.${column}, ${spec.table}.${column})`
        : `${column} = EXCLUDED.${column}`,
    )
    .join(", ");
  table.upsert = {
    key: spec.key,
    stage,
    createStage: `CREATE TEMP TABLE ${stage} ON COMMIT DROP AS SELECT ${names.join(", ")} FROM ${spec.table} WITH NO DATA`,
    merge: `INSERT INTO ${spec.table} (${names.join(", ")}) SELECT ${names.join(", ")} FROM ${stage} ON CONFLICT (${key}) DO UPDATE SET ${update}`,
  };
  return table;
}

/** The statements of {@link ImportTable.replace} for a table of child rows. */
function replaceChildren(
  table: string,
  names: readonly string[],
  owner: { column: string; childKey: string },
): NonNullable<ImportTable<unknown>["replace"]> {
  const stage = `wsafe_stage_${table}`;
  const list = names.join(", ");
  const row = (alias: string) => `(${names.map((name) => `${alias}.${name}`).join(", ")})`;
  const { column, childKey } = owner;
  return {
    stage,
    createStage: `CREATE TEMP TABLE ${stage} ON COMMIT DROP AS SELECT ${list} FROM ${table} WITH NO DATA`,
    // The keys' equality lets the planner hash the anti-join; the whole rows'
    // comparison (a NULL date equal to a NULL date) decides.
    removeChanged: `DELETE FROM ${table} t WHERE t.${column} = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM ${stage} s
                        WHERE s.${column} = t.${column} AND s.${childKey} = t.${childKey}
                          AND ${row("s")} IS NOT DISTINCT FROM ${row("t")})`,
    addNew: `INSERT INTO ${table} (${list}) SELECT ${list} FROM ${stage} ON CONFLICT (${column}, ${childKey}) DO NOTHING`,
  };
}

/** Staged columns from a column map of `columns.ts`: a field read by its schema name. */
function fromColumnMap<R>(map: ColumnMap<string>): ImportColumn<R>[] {
  return (Object.entries(map) as [string, Column][]).map(([field, { column, type }]) => ({
    column,
    type,
    read: (record: R) => (record as Record<string, unknown>)[field],
  }));
}

/** The column of a child row that holds the id of the record it belongs to. */
function ownerId<R>(column: string): ImportColumn<R> {
  return { column, type: "text", read: (_r, owner) => owner };
}

const textKey = <R extends { id: string }>() => ({
  column: "id",
  type: "text" as const,
  read: (record: R) => record.id,
});

/**
 * Every table an import writes, in an order the foreign keys allow.
 *
 * @param typeAccounts - the account of every equipment type the equipment name (an
 *   equipment's account is its type's), as the store holds them once types are written
 */
export function importTables(typeAccounts: ReadonlyMap<string, string>) {
  return {
    accounts: importTable<DatasetRecord<"accounts">>({
      table: "accounts",
      columns: [
        { column: "id", type: "text", read: (a) => a.id },
        { column: "name", type: "text", read: (a) => a.name },
        { column: "active", type: "boolean", read: (a) => a.active },
      ],
      key: textKey(),
    }),
    users: importTable<DatasetRecord<"users">>({
      table: "users",
      columns: [
        { column: "id", type: "text", read: (u) => u.id },
        { column: "account_id", type: "text", read: (u) => u.account_id },
        { column: "name", type: "text", read: (u) => u.name },
      ],
      key: textKey(),
    }),
    tokens: importTable<DatasetRecord<"tokens">>({
      table: "tokens",
      columns: [
        // Only the digest is stored, never the secret.
        { column: "token_hash", type: "bytea", read: (t) => hashToken(t.token) },
        { column: "account_id", type: "text", read: (t) => t.account_id },
        { column: "active", type: "boolean", read: (t) => t.active },
        { column: "permissions", type: "text[]", read: (t) => t.permissions },
      ],
      key: { column: "token_hash", type: "bytea", read: (t) => hashToken(t.token) },
    }),
    resources: importTable<DatasetRecord<"resources">>({
      table: "resources",
      columns: [
        ...fromColumnMap<DatasetRecord<"resources">>(resourceColumns),
        { column: "account_id", type: "text", read: (r) => r.account_id },
      ],
      key: textKey(),
    }),
    resourceVersions: importTable<DatasetRecord<"resources">["versions"][number]>({
      table: "resource_versions",
      owner: { column: "resource_id", childKey: "position" },
      columns: [
        { column: "position", type: "integer", read: (_v, _owner, index) => index },
        ...fromColumnMap(versionColumns),
      ],
    }),
    equipmentTypes: importTable<DatasetRecord<"equipmentTypes">>({
      table: "equipment_types",
      columns: [
        { column: "id", type: "text", read: (t) => t.id },
        { column: "account_id", type: "text", read: (t) => t.account_id },
        { column: "name", type: "text", read: (t) => t.name },
        { column: "metafields", type: "jsonb", read: (t) => t.metafields },
      ],
      key: textKey(),
    }),
    equipments: importTable<DatasetRecord<"equipments">>({
      table: "equipments",
      columns: [
        ...fromColumnMap<DatasetRecord<"equipments">>(equipmentColumns),
        // The account of an equipment is its type's (checked to exist before anything is written).
        { column: "account_id", type: "text", read: (e) => typeAccounts.get(e.equipmentType_id) },
      ],
      key: textKey(),
      // A file that leaves the key out (one written before the asset system gave its keys
      // through the API) must not remove it: only `equipments.update` does.
      keptWhenAbsent: [equipmentColumns.external_id.column],
    }),
    schedules: importTable<DatasetRecord<"equipments">["schedules"][number]>({
      table: "schedules",
      owner: { column: "equipment_id", childKey: scheduleColumns.schedule_id.column },
      columns: fromColumnMap(scheduleColumns),
    }),
  } as const;
}

/**
 * The COPY text lines of some records, one per record, for the table's staging table.
 *
 * @param table - the table spec
 * @param records - validated records
 * @param owner - for child rows: the id of the record they belong to
 */
export function copyLines<R>(table: ImportTable<R>, records: readonly R[], owner = ""): string {
  const { columns } = table;
  let text = "";
  for (let index = 0; index < records.length; index++) {
    const record = records[index]!;
    let line = copyField(columns[0]!.read(record, owner, index), columns[0]!.type);
    for (let c = 1; c < columns.length; c++) {
      line += `\t${copyField(columns[c]!.read(record, owner, index), columns[c]!.type)}`;
    }
    text += `${line}\n`;
  }
  return text;
}
