// The floor of the equipments.changes catch-up, in a process of its own (the bench pins it
// where the server runs): the store's own `COPY ... TO` of the rows the feed reads
// (lib/changesFloor.mjs), timed to its last byte. On PostgreSQL through `pg-copy-streams`,
// its CPU the backend's (from `/proc/<pid>/stat`: the database runs on this machine); on
// PGlite `COPY ... TO '/dev/blob'` in this process, its CPU this process's. Prints one
// JSON line: the time, the CPU, the rows and bytes, and each equipment's version and
// number of schedules, which the bench holds the mirror to.
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { changesFloorSql, floorDigest } from "../lib/changesFloor.mjs";
import { clockTicksPerSecond, readCpuTicks } from "../lib/procCpu.mjs";

const { database, accountId } = JSON.parse(process.argv[2] ?? "{}");
// Untimed, as a server's start is: the tables' catalog entries read, and on PGlite the
// database's code compiled, before the COPY; the rows themselves stay as cold as the walk finds them.
const warmUp = "SELECT 1 FROM equipments e JOIN schedules s ON s.equipment_id = e.id LIMIT 1";

/** @returns {Promise<{ ms: number, cpuMicros: number, text: string }>} */
async function onPostgres() {
  const client = new pg.Client({ connectionString: database });
  await client.connect();
  try {
    const [{ pid }] = (await client.query("SELECT pg_backend_pid() AS pid")).rows;
    await client.query(warmUp);
    const ticksBefore = readCpuTicks(pid) ?? Number.NaN;
    const started = performance.now();
    /** @type {Buffer[]} */
    const chunks = [];
    const stream = client.query(copyTo(changesFloorSql(accountId, "STDOUT")));
    for await (const chunk of stream) chunks.push(chunk);
    const ms = performance.now() - started;
    const ticks = (readCpuTicks(pid) ?? Number.NaN) - ticksBefore;
    return {
      ms,
      cpuMicros: (ticks / clockTicksPerSecond()) * 1e6,
      text: Buffer.concat(chunks).toString("utf8"),
    };
  } finally {
    await client.end();
  }
}

/** @returns {Promise<{ ms: number, cpuMicros: number, text: string }>} */
async function onPglite() {
  const db = await PGlite.create(database);
  try {
    await db.query(warmUp);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = await db.query(changesFloorSql(accountId, "'/dev/blob'"));
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    return { ms, cpuMicros: cpu.user + cpu.system, text: (await result.blob?.text()) ?? "" };
  } finally {
    await db.close();
  }
}

const { ms, cpuMicros, text } = await (database.startsWith("postgres") ? onPostgres() : onPglite());
const { rows, equipment } = floorDigest(text);
process.stdout.write(
  `${JSON.stringify({ ms, cpuMicros, rows, bytes: Buffer.byteLength(text), equipment: [...equipment] })}\n`,
);
