import type { Sql } from "../database/Sql.js";

/** A key or index taken off for a bulk load, and the statement that puts it back. */
interface Definition {
  drop: string;
  create: string;
}

/** What {@link beginBulkLoad} took off, to put back once the rows are in. */
export interface BulkLoad {
  /**
   * Re-creates every key and index taken off, from the definitions the catalog gave:
   * primary keys and unique constraints first (the foreign keys need them), then the
   * other indexes (each built by one sort), then the foreign keys (each checked by one
   * set-based pass over the table). A row that breaks one fails the statement, and the
   * caller's transaction with it.
   */
  finish(): Promise<void>;
}

const listTable = (tables: readonly string[]) => tables.join(", ");

/**
 * Whether none of the tables holds a row: one probe per table, `EXISTS` stops at the
 * first row.
 */
async function allEmpty(sql: Sql, tables: readonly string[]): Promise<boolean> {
  const probes = tables.map((table) => `EXISTS (SELECT 1 FROM ${table})`).join(" OR ");
  const [row] = await sql.query<{ any: boolean }>(`SELECT ${probes} AS any`);
  return row?.any === false;
}

/**
 * The catalog's own definitions of every key and index of the tables, so that what is
 * put back is exactly what the migrations made and can never drift from them:
 * `pg_get_constraintdef` and `pg_get_indexdef`, as `pg_dump` writes them. Foreign keys
 * of other tables that point at these are included (their rows, if any, are checked
 * again when they come back).
 */
async function readDefinitions(sql: Sql, tables: readonly string[]) {
  const constraints = await sql.query<{ tbl: string; name: string; kind: string; def: string }>(
    `SELECT c.conrelid::regclass::text AS tbl, quote_ident(c.conname) AS name, c.contype::text AS kind,
            pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c
      WHERE c.contype IN ('p', 'u', 'f')
        AND (c.conrelid = ANY($1::text[]::regclass[]) OR c.confrelid = ANY($1::text[]::regclass[]))
      ORDER BY c.conrelid::regclass::text, c.conname`,
    [tables],
  );
  // Indexes of their own, not those behind a primary key or unique constraint.
  const indexes = await sql.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i
      WHERE i.indrelid = ANY($1::text[]::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conrelid = i.indrelid AND c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))
      ORDER BY 1`,
    [tables],
  );
  const constraint = (c: (typeof constraints)[number]): Definition => ({
    drop: `ALTER TABLE ${c.tbl} DROP CONSTRAINT ${c.name}`,
    create: `ALTER TABLE ${c.tbl} ADD CONSTRAINT ${c.name} ${c.def}`,
  });
  return {
    foreignKeys: constraints.filter((c) => c.kind === "f").map(constraint),
    keys: constraints.filter((c) => c.kind !== "f").map(constraint),
    indexes: indexes.map((i): Definition => ({ drop: `DROP INDEX ${i.name}`, create: i.def })),
  };
}

/**
 * Prepares a load into empty tables the way `pg_restore` does it, inside the caller's
 * transaction: when none of `tables` holds a row, they are locked (`ACCESS EXCLUSIVE`,
 * until the transaction ends: readers of these tables wait for the import), and their
 * foreign keys, primary keys, unique constraints and indexes are dropped, to be
 * re-created by {@link BulkLoad.finish} once the rows are in. A `COPY` into a bare table
 * costs a fraction of one that checks a foreign key by trigger and inserts into every
 * index row by row (measured in `bench/README.md`, section 3). It is all or nothing
 * still: the drops are part of the transaction, so a rollback brings every key back.
 *
 * When a table holds rows, nothing is dropped, nothing is locked beyond what the writes
 * take, and `undefined` comes back: the caller writes row by row with the keys in place.
 * Tables filled by another transaction between the first look and the lock are seen
 * after the lock; the lock is then let go (rolled back to a savepoint) at once.
 *
 * @param sql - a transaction
 * @param tables - the tables about to be loaded, trusted SQL identifiers
 * @returns how to put the keys back, or `undefined` when a table is not empty
 */
export async function beginBulkLoad(sql: Sql, tables: readonly string[]): Promise<BulkLoad | undefined> {
  // A first look without a lock, so that an import into a store in use never locks it.
  if (!(await allEmpty(sql, tables))) return undefined;
  await sql.query("SAVEPOINT wsafe_bulk_load");
  await sql.query(`LOCK TABLE ${listTable(tables)} IN ACCESS EXCLUSIVE MODE`);
  if (!(await allEmpty(sql, tables))) {
    // Locks taken after a savepoint go when the transaction rolls back to it.
    await sql.query("ROLLBACK TO SAVEPOINT wsafe_bulk_load");
    return undefined;
  }
  await sql.query("RELEASE SAVEPOINT wsafe_bulk_load");
  const { foreignKeys, keys, indexes } = await readDefinitions(sql, tables);
  // Foreign keys first: they depend on the keys they point at.
  for (const definition of [...foreignKeys, ...keys, ...indexes]) await sql.query(definition.drop);
  return {
    async finish() {
      for (const definition of [...keys, ...indexes, ...foreignKeys]) await sql.query(definition.create);
    },
  };
}
