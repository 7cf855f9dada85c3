// The physical limit of an import: the database's own `COPY ... FROM` of the very rows
// `wsafe import` writes, from CSV files, into the same empty tables (made by the
// server's migrations, with every index, key and foreign key). Written here from the
// tables' definitions, not with the server's code: a ceiling must not share the code
// it measures.
import { createHash } from "node:crypto";
import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** One CSV field: NULL is an empty field, the empty string `""`, the rest quoted when it must be. */
function csvField(/** @type {unknown} */ value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") return String(value);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text === "" || /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The rows of every table an import of `dataset` writes, in an order the foreign keys
 * allow: what the server stores (token digests, each equipment's account from its type).
 *
 * @param {any} dataset - a dataset in the schema's format, every field present
 * @returns {{ table: string, columns: string[], rows: unknown[][] }[]}
 */
export function importedRows(dataset) {
  const typeAccount = new Map(dataset.equipmentTypes.map((/** @type {any} */ t) => [t.id, t.account_id]));
  const digest = (/** @type {string} */ token) => `\\x${createHash("sha256").update(token).digest("hex")}`;
  return [
    {
      table: "accounts",
      columns: ["id", "name", "active"],
      rows: dataset.accounts.map((a) => [a.id, a.name, a.active]),
    },
    {
      table: "users",
      columns: ["id", "account_id", "name"],
      rows: dataset.users.map((u) => [u.id, u.account_id, u.name]),
    },
    {
      table: "tokens",
      columns: ["token_hash", "account_id", "active", "permissions"],
      rows: dataset.tokens.map((t) => [
        digest(t.token),
        t.account_id,
        t.active,
        `{${t.permissions.join(",")}}`,
      ]),
    },
    {
      table: "equipment_types",
      columns: ["id", "account_id", "name", "metafields"],
      rows: dataset.equipmentTypes.map((t) => [t.id, t.account_id, t.name, t.metafields]),
    },
    {
      table: "equipments",
      columns: [
        "id",
        "account_id",
        "equipment_type_id",
        "serial_number",
        "created",
        "parent_id",
        "field_office_ids",
        "line_of_business_id",
        "client_ids",
        "assigned_user_ids",
        "title",
        "notes",
        "is_in_service",
        "metavalues",
      ],
      rows: dataset.equipments.map((/** @type {any} */ e) => [
        e.id,
        typeAccount.get(e.equipmentType_id),
        e.equipmentType_id,
        e.serialNumber,
        e.created,
        e.parent_id,
        e.fieldOffice_id,
        e.lineOfBusiness_id,
        e.clients_id ?? null,
        e.assignedUsers_id,
        e.title ?? null,
        e.notes,
        e.isInService,
        e.metavalues,
      ]),
    },
    {
      table: "schedules",
      columns: ["equipment_id", "schedule_id", "expires_on", "expiring_on", "last_completed_on"],
      rows: dataset.equipments.flatMap((/** @type {any} */ e) =>
        e.schedules.map((/** @type {any} */ s) => [
          e.id,
          s.schedule_id,
          s.expiresOn,
          s.expiringOn,
          s.lastCompletedOn,
        ]),
      ),
    },
  ].filter(({ rows }) => rows.length > 0);
}

/**
 * Rows as CSV lines, as PostgreSQL's `COPY ... (FORMAT csv)` reads them.
 *
 * @param {unknown[][]} rows
 */
export function csvLines(rows) {
  return rows.map((row) => `${row.map(csvField).join(",")}\n`).join("");
}

/**
 * Writes one CSV file per table into `dir`.
 *
 * @param {any} dataset
 * @param {string} dir
 * @returns {{ table: string, columns: string[], file: string, rows: number }[]}
 */
export function writeCsvFiles(dataset, dir) {
  return importedRows(dataset).map(({ table, columns, rows }) => {
    const file = join(dir, `${table}.csv`);
    writeFileSync(file, csvLines(rows));
    return { table, columns, file, rows: rows.length };
  });
}

/**
 * PostgreSQL's own COPY of the CSV files into the database's empty tables, in one
 * transaction, timed from `BEGIN` to the end of `COMMIT`; each file streamed from disk
 * through `COPY ... FROM STDIN (FORMAT csv)`.
 *
 * @param {string} url - a database whose tables the server's migrations made, empty
 * @param {{ table: string, columns: string[], file: string, rows: number }[]} files
 * @returns {Promise<{ seconds: number, rows: number }>}
 */
export async function copyLimitPostgres(url, files) {
  const client = new pg.Client({ connectionString: url, options: "-c jit=off" });
  await client.connect();
  try {
    const start = performance.now();
    await client.query("BEGIN");
    for (const { table, columns, file } of files) {
      await pipeline(
        createReadStream(file),
        client.query(copyFrom(`COPY ${table} (${columns.join(", ")}) FROM STDIN (FORMAT csv)`)),
      );
    }
    await client.query("COMMIT");
    return { seconds: (performance.now() - start) / 1000, rows: files.reduce((n, f) => n + f.rows, 0) };
  } finally {
    await client.end();
  }
}

/**
 * PGlite's own COPY of the CSV files (`COPY ... FROM '/dev/blob'`, each file read into
 * the blob) into a store directory's empty tables, in one transaction, timed from the
 * first read to the database closed (its files written), as `wsafe import` ends.
 *
 * @param {string} dir - a PGlite directory whose tables the migrations made, empty
 * @param {{ table: string, columns: string[], file: string, rows: number }[]} files
 * @returns {Promise<{ seconds: number, rows: number }>}
 */
export async function copyLimitPglite(dir, files) {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(dir);
  const start = performance.now();
  try {
    await db.transaction(async (tx) => {
      for (const { table, columns, file } of files) {
        await tx.query(`COPY ${table} (${columns.join(", ")}) FROM '/dev/blob' (FORMAT csv)`, [], {
          blob: new Blob([readFileSync(file)]),
        });
      }
    });
  } finally {
    await db.close();
  }
  return { seconds: (performance.now() - start) / 1000, rows: files.reduce((n, f) => n + f.rows, 0) };
}
