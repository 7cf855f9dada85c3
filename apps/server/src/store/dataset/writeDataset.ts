import { setImmediate } from "node:timers/promises";
import type { Dataset } from "@wsafe/schema";
import type { Sql } from "../database/Sql.js";
import { beginBulkLoad } from "./bulkLoad.js";
import type { DatasetList } from "./checkDatasetShape.js";
import { type DatasetStream, datasetInMemory } from "./DatasetStream.js";
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
 * A parent named again brings its whole list: its stored children become exactly those,
 * only the rows that differ written (`ImportTable.replace`).
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
 * Writes one table's records (and their children) chunk by chunk as batches come in.
 * The next chunk is encoded while the database works on this one: on PostgreSQL it
 * runs in another process, so the two overlap on a machine with more than one core.
 * Statements of every table go through one queue (`line`), one after another.
 */
class ChunkWriter<P, C = never> {
  private buffer: P[] = [];
  private stageMade = false;
  private childStageMade = false;
  private readonly upsert: ImportTable<P>["upsert"];

  /**
   * @param records - how many records the table gets in all: the chunk size follows
   * @param intoEmpty - tables empty when the import began hold no key of a document
   *   without duplicates, and no old children: nothing is staged
   */
  constructor(
    private readonly sql: Sql,
    private readonly line: { pending?: Promise<void> },
    private readonly table: ImportTable<P>,
    private readonly progress: (count: number) => void,
    records: number,
    intoEmpty: boolean,
    private readonly children?: Children<P, C>,
  ) {
    this.upsert = intoEmpty ? undefined : table.upsert;
    this.size = importChunkSize(records);
  }

  private readonly size: number;

  /** Takes a batch; writes every full chunk. */
  async add(records: readonly P[]): Promise<void> {
    for (const record of records) this.buffer.push(record);
    while (this.buffer.length >= this.size) await this.write(this.buffer.splice(0, this.size));
  }

  /** Writes what is left and waits until the database has it all. */
  async finish(): Promise<void> {
    if (this.buffer.length > 0) await this.write(this.buffer.splice(0));
    await this.line.pending;
  }

  private async write(chunk: readonly P[]): Promise<void> {
    const { children, table } = this;
    let lines = "";
    let childLines = "";
    let childCount = 0;
    for (let slice = 0; slice < chunk.length; slice += ENCODE_SLICE) {
      // Let the previous chunk's statements move on between slices: each completion
      // sends the next statement, so the database never waits for the whole encoding.
      if (this.line.pending) await setImmediate();
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
    await this.line.pending;
    const pending = this.send(chunk, lines, childLines, childCount);
    this.line.pending = pending;
    // Seen at the next `await` of it; this only keeps it from counting as unhandled meanwhile.
    pending.catch(() => {});
  }

  private async send(chunk: readonly P[], lines: string, childLines: string, childCount: number) {
    const { sql, upsert, table, children } = this;
    // A chunk of parents the store holds none of has no stored children either: both are
    // copied straight in. Otherwise both are staged.
    const held = upsert !== undefined && (await holdsAnyKey(sql, upsert, table.table, chunk));
    if (held) {
      if (!this.stageMade) await sql.query(upsert.createStage);
      this.stageMade = true;
      await sql.copyIn(upsert.stage, table.columnNames, lines);
      await sql.query(upsert.merge);
      await sql.query(`TRUNCATE ${upsert.stage}`);
    } else {
      await sql.copyIn(table.table, table.columnNames, lines);
    }
    if (children && held)
      await this.replaceChildren(
        children,
        chunk.map((record) => children.ownerOf(record)),
        childLines,
      );
    else if (children && childCount > 0)
      await sql.copyIn(children.table.table, children.table.columnNames, childLines);
    this.progress(chunk.length + childCount);
  }

  /**
   * Gives the parents the children of `lines` and no others, writing only the rows that
   * differ (`ImportTable.replace`): a parent named again with the same children changes
   * nothing, and keeps its version.
   */
  private async replaceChildren(children: Children<P, C>, owners: readonly string[], lines: string) {
    const { sql } = this;
    const { replace } = children.table;
    if (replace === undefined) throw new Error(`${children.table.table} is not a table of child rows`);
    if (!this.childStageMade) await sql.query(replace.createStage);
    this.childStageMade = true;
    if (lines.length > 0) await sql.copyIn(replace.stage, children.table.columnNames, lines);
    await sql.query(replace.removeChanged, [owners]);
    if (lines.length > 0) await sql.query(replace.addNew);
    await sql.query(`TRUNCATE ${replace.stage}`);
  }
}

/**
 * What each list's rows need in the store first (foreign keys): accounts before the
 * lists of an account, equipment types before equipment.
 */
const dependencyRank: Record<DatasetList, number> = {
  accounts: 0,
  tokens: 1,
  users: 1,
  resources: 1,
  equipmentTypes: 1,
  equipments: 2,
};

/**
 * The reads of the source that write it: one, in the source's order, when that order
 * suits the foreign keys or none are in place (a load into empty tables); else one per
 * rank of `dependencyRank` (a file that lists equipment before their types, into a
 * store in use: each list is read back once, types before equipment).
 */
function readsFor(order: readonly DatasetList[], keysInPlace: boolean): DatasetList[][] {
  const all = Object.keys(dependencyRank) as DatasetList[];
  const ranks = order.map((list) => dependencyRank[list]);
  if (!keysInPlace || ranks.every((rank, i) => i === 0 || rank >= ranks[i - 1]!)) return [all];
  return [0, 1, 2].map((rank) => all.filter((list) => dependencyRank[list] === rank));
}

/**
 * The account of every equipment type the dataset's equipment name, as the store will
 * hold it once the dataset is in: the dataset's own types', else the store's.
 */
async function typeAccountsOf(sql: Sql, dataset: Dataset): Promise<Map<string, string>> {
  const named = new Set(dataset.equipments.map((equipment) => equipment.equipmentType_id));
  const accounts = new Map<string, string>();
  for (const type of dataset.equipmentTypes) if (named.has(type.id)) accounts.set(type.id, type.account_id);
  const stored = [...named].filter((id) => !accounts.has(id));
  if (stored.length > 0) {
    const rows = await sql.query<{ id: string; account_id: string }>(
      "SELECT id, account_id FROM equipment_types WHERE id = ANY($1::text[])",
      [stored],
    );
    for (const row of rows) accounts.set(row.id, row.account_id);
  }
  return accounts;
}

/**
 * Takes its key from each stored equipment the file gives another one, before any row is
 * written: a file may pass a key from one equipment to another (`reportExternalIdConflicts`
 * allows it), and the unique index of an account's keys is checked row by row, so the
 * equipment taking a key could otherwise come before the one giving it up. Such an
 * equipment changes in any case: its one new version is the import's.
 */
async function freeChangedKeys(sql: Sql, equipments: Dataset["equipments"]): Promise<void> {
  const keyed = equipments.filter((equipment) => equipment.external_id !== undefined);
  if (keyed.length === 0) return;
  await sql.query(
    `UPDATE equipments e SET external_id = NULL
       FROM unnest($1::text[], $2::text[]) AS f (id, external_id)
      WHERE e.id = f.id AND e.external_id <> f.external_id`,
    [keyed.map((equipment) => equipment.id), keyed.map((equipment) => equipment.external_id)],
  );
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
 * transaction (`sql`), by `COPY` chunk by chunk as its batches come (a file is read
 * again, never held): new records straight into their table, records whose ids exist
 * through a staging table and one `INSERT ... SELECT ... ON CONFLICT` (upsert), giving
 * every resource and equipment it names exactly the versions and schedules it lists
 * (only the rows that differ are written: a file imported twice changes no version).
 * An equipment it names without `external_id` keeps the key it has. Into an empty store the tables' keys and indexes are dropped first and
 * re-created at the end ({@link beginBulkLoad}).
 *
 * @param sql - a transaction: the staging tables are dropped when it ends, however it ends
 * @param dataset - the checked dataset; for a streamed file, its records' ids (`compactRecord`)
 * @param progress - called with the number of records written after each chunk
 * @param source - the records to write: the dataset itself, or the file read again
 */
export async function writeDataset(
  sql: Sql,
  dataset: Dataset,
  progress: (count: number) => void,
  source: DatasetStream = datasetInMemory(dataset),
): Promise<void> {
  const sizes = Object.fromEntries(
    Object.entries(dataset).map(([list, records]) => [list, (records as unknown[]).length]),
  ) as Record<DatasetList, number>;
  const typeAccounts = await typeAccountsOf(sql, dataset);
  const t = importTables(typeAccounts);
  // Into an empty store (a first load), keys and indexes come off and are built again
  // once the rows are in, as pg_restore does (see bulkLoad.ts).
  const bulk = await beginBulkLoad(sql, importedTableNames);
  const empty = bulk !== undefined;
  if (!empty) await freeChangedKeys(sql, dataset.equipments);
  const line: { pending?: Promise<void> } = {};
  const writer = <P, C = never>(table: ImportTable<P>, list: DatasetList, children?: Children<P, C>) =>
    new ChunkWriter<P, C>(sql, line, table, progress, sizes[list], empty, children);
  const writers: Record<DatasetList, ChunkWriter<never, unknown>> = {
    accounts: writer(t.accounts, "accounts"),
    users: writer(t.users, "users"),
    tokens: writer(t.tokens, "tokens"),
    resources: writer(t.resources, "resources", {
      table: t.resourceVersions,
      of: (resource) => resource.versions,
      ownerOf: (resource) => resource.id,
    }),
    equipmentTypes: writer(t.equipmentTypes, "equipmentTypes"),
    equipments: writer(t.equipments, "equipments", {
      table: t.schedules,
      of: (equipment) => equipment.schedules,
      ownerOf: (equipment) => equipment.id,
    }),
  } as unknown as Record<DatasetList, ChunkWriter<never, unknown>>;
  for (const lists of readsFor(source.order, !empty)) {
    let current: DatasetList | undefined;
    for await (const { list, records } of source.batches(lists)) {
      // A list's last rows are in before the next list's (its foreign keys may need them).
      if (current !== undefined && list !== current) await writers[current].finish();
      current = list;
      await writers[list].add(records as never[]);
    }
    if (current !== undefined) await writers[current].finish();
  }
  await line.pending;
  await bulk?.finish();
  // Fresh statistics, after every import: without them the planner takes a table for
  // one row and joins a type's schedules by nested loop, re-aggregating them for every
  // equipment (equipments.list of 300 took 740 ms on PGlite instead of 23 ms, measured
  // with EXPLAIN ANALYZE). PGlite has no autovacuum to gather them later, and on
  // PostgreSQL it would come only after the import's first requests.
  await sql.query(`ANALYZE ${importedTableNames.join(", ")}`);
}
