import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { copyInPglite } from "./copyInPglite.js";
import { readCursorInTransaction } from "./cursorBatches.js";
import { lockDirectory, lockFileName } from "./lockDirectory.js";
import { preparedPgliteStatements } from "./preparedPglite.js";
import { loadPristineCluster } from "./pristineCluster.js";
import { readColumnFromRows } from "./readColumnFromRows.js";
import { readPgliteBatches } from "./readPgliteBatches.js";
import type { BatchReadOptions, Sql } from "./Sql.js";

type Listen = Sql["listen"];
type Prepared = ReturnType<typeof preparedPgliteStatements>;

function wrapTransaction(tx: Transaction, listen: Listen, prepared: Prepared): Sql {
  return {
    kind: "pglite",
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await tx.query<Row>(text, params as unknown[])).rows;
    },
    // The transaction holds the database: the prepared statement runs on it alone.
    queryPrepared<Row>(text: string, params: readonly unknown[] = []) {
      return prepared<Row>(text, params, async () => (await tx.query<Row>(text, params as unknown[])).rows);
    },
    async exec(text: string) {
      await tx.exec(text);
    },
    async copyIn(table: string, columns: readonly string[], data: string) {
      return copyInPglite(tx, table, columns, data);
    },
    // PGlite has one connection: a nested transaction simply joins the open one.
    transaction<T>(work: (sql: Sql) => Promise<T>) {
      return work(wrapTransaction(tx, listen, prepared));
    },
    listen,
    readInBatches<Row>(text: string, params: readonly unknown[], options: BatchReadOptions) {
      return readCursorInTransaction<Row>(
        async <R>(statement: string, values?: readonly unknown[]) =>
          (await tx.query<R>(statement, values as unknown[])).rows,
        text,
        params,
        options.batchSize,
      );
    },
    readColumnInBatches(text: string, params: readonly unknown[], options: BatchReadOptions) {
      return readColumnFromRows(this.readInBatches(text, params, options));
    },
    async close() {},
  };
}

// Creating an embedded cluster runs initdb in WebAssembly (about 10 s of CPU); loading a
// dump of a fresh one takes a fifth of that. The build ships one (pristineCluster.ts);
// without it, the first in-memory database of the process leaves its dump here, and
// later ones (tests start many) load it.
let pristineCluster: Promise<File | Blob> | undefined;

async function createInMemory(): Promise<PGlite> {
  pristineCluster ??= loadPristineCluster().then((dump) => dump ?? Promise.reject(new Error("none shipped")));
  try {
    return await PGlite.create({ loadDataDir: await pristineCluster });
  } catch {
    // fall through to a fresh cluster
  }
  const db = await PGlite.create("memory://");
  pristineCluster = db.dumpDataDir("none");
  await pristineCluster.catch(() => {
    pristineCluster = undefined;
  });
  return db;
}

/**
 * Opens the cluster of a directory; where there is none yet, starts it from the shipped
 * dump of a fresh one. Should that fail, the directory is emptied again and initdb makes
 * the cluster, as it did before the dump was shipped.
 */
async function openDirectory(location: string): Promise<PGlite> {
  if (existsSync(join(location, "PG_VERSION"))) return PGlite.create(location);
  // Only into a directory holding nothing but our lock: never over someone's files.
  const empty = (await readdir(location)).every((entry) => entry === lockFileName);
  const dump = empty ? await loadPristineCluster() : undefined;
  if (dump) {
    try {
      return await PGlite.create(location, { loadDataDir: dump });
    } catch {
      const entries = await readdir(location);
      await Promise.all(
        entries
          .filter((entry) => entry !== lockFileName)
          .map((entry) => rm(join(location, entry), { recursive: true, force: true })),
      );
    }
  }
  return PGlite.create(location);
}

/**
 * Opens the embedded PostgreSQL (PGlite): `memory://` keeps everything in memory,
 * anything else is a directory, created when missing.
 *
 * @param location - `memory://` or a directory path
 */
export async function openPglite(location: string): Promise<Sql> {
  const memory = location.startsWith("memory://");
  let unlock = () => {};
  if (!memory) {
    await mkdir(location, { recursive: true });
    unlock = lockDirectory(location);
  }
  let db: PGlite;
  try {
    db = memory ? await createInMemory() : await openDirectory(location);
  } catch (error) {
    unlock();
    throw error;
  }
  const prepared = preparedPgliteStatements(db);
  const listen: Listen = async (channel, onNotify, onListening) => {
    const unlisten = await db.listen(channel, onNotify);
    onListening(true);
    return unlisten;
  };
  return {
    kind: "pglite",
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await db.query<Row>(text, params as unknown[])).rows;
    },
    // Outside a transaction another caller may hold the database: a plain query waits its turn.
    async queryPrepared<Row>(text: string, params: readonly unknown[] = []) {
      return (await db.query<Row>(text, params as unknown[])).rows;
    },
    async exec(text: string) {
      await db.exec(text);
    },
    async copyIn(table: string, columns: readonly string[], data: string) {
      return copyInPglite(db, table, columns, data);
    },
    transaction<T>(work: (sql: Sql) => Promise<T>) {
      return db.transaction((tx) => work(wrapTransaction(tx, listen, prepared)));
    },
    listen,
    readInBatches<Row>(text: string, params: readonly unknown[], options: BatchReadOptions) {
      return readPgliteBatches<Row>(db, text, params, options);
    },
    // The embedded database lives in this process: its rows are strings already.
    readColumnInBatches(text: string, params: readonly unknown[], options: BatchReadOptions) {
      return readColumnFromRows(readPgliteBatches(db, text, params, options));
    },
    async close() {
      try {
        if (!db.closed) await db.close();
      } finally {
        unlock();
      }
    },
  };
}
