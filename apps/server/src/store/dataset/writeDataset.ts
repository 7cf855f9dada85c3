import { setImmediate } from "node:timers/promises";
import type { Dataset } from "@wsafe/schema";
import type { Sql } from "../database/Sql.js";
import { beginBulkLoad } from "./bulkLoad.js";
import { copyLines, type ImportTable, importTables } from "./importTables.js";

/**
 * Records per COPY: a twentieth of the list, between 500 and 5 000, so that statements
 * stay few and progress moves in steps of a few percent whatever the size.
 */
export function importChunkSize(records: number): number {
  return Math.max(500, Math.min(5000, Math.ceil(records / 20)));
}
const ENCODE_SLICE = 500;

/**
 * Children of a parent list, written with it chunk by chunk (an equipment's schedules).
 * A parent named again brings its whole list: its old children are deleted first.
 */
interface Children<P, C> {
  table: ImportTable<C>;
  of: (parent: P) => readonly C[];
  /** The parent's id, which each child row carries. */
  ownerOf: (parent: P) => string;
}

/**
 * Whether the table holds any of the keys: then the chunk is upserted through the
 * staging table, else copied straight in. Checked inside the import's transaction, chunk
 * by chunk (one index probe per key). A record another transaction adds meanwhile makes
 * the COPY fail on the unique key, and the whole import with it: nothing is written.
 */
async function holdsAnyKey<R>(
  sql: Sql,
  upsert: NonNullable<ImportTable<R>["upsert"]>,
  table: string,
  chunk: readonly R[],
): Promise<boolean> {
  const { column, type, read } = upsert.key;
  const rows = await sql.query(`SELECT 1 FROM ${table} WHERE ${column} = ANY($1::${type}[]) LIMIT 1`, [
    chunk.map(read),
  ]);
  return rows.length > 0;
}

/**
 * Writes records (and their children) chunk by chunk. The next chunk is encoded while
 * the database works on this one: on PostgreSQL it runs in another process, so the two
 * overlap on a machine with more than one core.
 */
async function writeInChunks<P, C>(
  sql: Sql,
  records: readonly P[],
  table: ImportTable<P>,
  progress: (count: number) => void,
  children?: Children<P, C>,
  intoEmpty = false,
): Promise<void> {
  // Tables empty when the import began hold no key of a document without duplicates,
  // and no old children.
  const upsert = intoEmpty ? undefined : table.upsert;
  const owner = children?.table.ownerColumn;
  if (!intoEmpty && children && owner)
    await deleteChildren(
      sql,
      children.table.table,
      owner,
      records.map((record) => children.ownerOf(record)),
    );
  let pending: Promise<void> | undefined;
  let stageMade = false;
  const writeChunk = async (chunk: readonly P[], lines: string, childLines: string, childCount: number) => {
    if (upsert && (await holdsAnyKey(sql, upsert, table.table, chunk))) {
      if (!stageMade) await sql.query(upsert.createStage);
      stageMade = true;
      await sql.copyIn(upsert.stage, table.columnNames, lines);
      await sql.query(upsert.merge);
      await sql.query(`TRUNCATE ${upsert.stage}`);
    } else {
      await sql.copyIn(table.table, table.columnNames, lines);
    }
    if (children && childCount > 0)
      await sql.copyIn(children.table.table, children.table.columnNames, childLines);
    progress(chunk.length + childCount);
  };
  const size = importChunkSize(records.length);
  for (let start = 0; start < records.length; start += size) {
    const chunk = records.slice(start, start + size);
    let lines = "";
    let childLines = "";
    let childCount = 0;
    for (let slice = 0; slice < chunk.length; slice += ENCODE_SLICE) {
      // Let the previous chunk's statements move on between slices: each completion
      // sends the next statement, so the database never waits for the whole encoding.
      if (pending) await setImmediate();
      const part = chunk.slice(slice, slice + ENCODE_SLICE);
      lines += copyLines(table, part);
      if (children) {
        for (const record of part) {
          const list = children.of(record);
          childCount += list.length;
          childLines += copyLines(children.table, list, children.ownerOf(record));
        }
      }
    }
    await pending;
    pending = writeChunk(chunk, lines, childLines, childCount);
    // Seen at the next `await pending`; this only keeps it from counting as unhandled meanwhile.
    pending.catch(() => {});
  }
  await pending;
}

/** Deletes the children of the named parents, which an import replaces as a whole. */
async function deleteChildren(sql: Sql, table: string, column: string, ids: readonly string[]) {
  for (let start = 0; start < ids.length; start += 50_000) {
    await sql.query(`DELETE FROM ${table} WHERE ${column} = ANY($1::text[])`, [
      ids.slice(start, start + 50_000),
    ]);
  }
}

/** Every table an import writes, in an order the foreign keys allow. */
export const importedTableNames = [
  "accounts",
  "users",
  "tokens",
  "resources",
  "resource_versions",
  "equipment_types",
  "equipments",
  "schedules",
] as const;

/**
 * Writes a dataset that passed the schema and the reference checks, inside the caller's
 * transaction (`sql`), by `COPY` chunk by chunk: new records straight into their table,
 * records whose ids exist through a staging table and one `INSERT ... SELECT ... ON
 * CONFLICT` (upsert), replacing the versions of every resource and the schedules of
 * every equipment it names. Into an empty store the tables' keys and indexes are dropped
 * first and re-created at the end ({@link beginBulkLoad}).
 *
 * @param sql - a transaction: the staging tables are dropped when it ends, however it ends
 * @param dataset - a checked dataset
 * @param progress - called with the number of records written after each chunk
 */
export async function writeDataset(
  sql: Sql,
  dataset: Dataset,
  progress: (count: number) => void,
): Promise<void> {
  const t = importTables(new Map());
  // Into an empty store (a first load), keys and indexes come off and are built again
  // once the rows are in, as pg_restore does (see bulkLoad.ts).
  const bulk = await beginBulkLoad(sql, importedTableNames);
  const empty = bulk !== undefined;
  await writeInChunks(sql, dataset.accounts, t.accounts, progress, undefined, empty);
  await writeInChunks(sql, dataset.users, t.users, progress, undefined, empty);
  await writeInChunks(sql, dataset.tokens, t.tokens, progress, undefined, empty);
  await writeInChunks(
    sql,
    dataset.resources,
    t.resources,
    progress,
    {
      table: t.resourceVersions,
      of: (resource) => resource.versions,
      ownerOf: (resource) => resource.id,
    },
    empty,
  );
  await writeInChunks(sql, dataset.equipmentTypes, t.equipmentTypes, progress, undefined, empty);
  // The account of each equipment's type, as the store now holds it.
  const typeIds = [...new Set(dataset.equipments.map((e) => e.equipmentType_id))];
  const typeAccounts = new Map(
    typeIds.length === 0
      ? []
      : (
          await sql.query<{ id: string; account_id: string }>(
            "SELECT id, account_id FROM equipment_types WHERE id = ANY($1::text[])",
            [typeIds],
          )
        ).map((row) => [row.id, row.account_id]),
  );
  const { equipments, schedules } = importTables(typeAccounts);
  // The account of an equipment is its type's; a type moved to another account takes its equipment along.
  if (!empty && dataset.equipmentTypes.length > 0) {
    await sql.query(
      `UPDATE equipments e SET account_id = t.account_id FROM equipment_types t
        WHERE t.id = e.equipment_type_id AND t.account_id <> e.account_id AND t.id = ANY($1::text[])`,
      [dataset.equipmentTypes.map((type) => type.id)],
    );
  }
  await writeInChunks(
    sql,
    dataset.equipments,
    equipments,
    progress,
    {
      table: schedules,
      of: (equipment) => equipment.schedules,
      ownerOf: (equipment) => equipment.id,
    },
    empty,
  );
  await bulk?.finish();
  // Fresh statistics, after every import: without them the planner takes a table for
  // one row and joins a type's schedules by nested loop, re-aggregating them for every
  // equipment (equipments.list of 300 took 740 ms on PGlite instead of 23 ms, measured
  // with EXPLAIN ANALYZE). PGlite has no autovacuum to gather them later, and on
  // PostgreSQL it would come only after the import's first requests.
  await sql.query(`ANALYZE ${importedTableNames.join(", ")}`);
}
