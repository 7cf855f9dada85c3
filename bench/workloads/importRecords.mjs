import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase } from "@wsafe/test-support";
import { copyLimitPglite, copyLimitPostgres, writeCsvFiles } from "../lib/copyLimit.mjs";
import { pinProcess } from "../lib/cpuPinning.mjs";
import { importedCounts } from "../lib/importedCounts.mjs";
import { progress } from "../lib/log.mjs";
import { runStatement } from "../lib/postgresDatabase.mjs";
import { watchPeakMemory } from "../lib/procMemory.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";

/**
 * The server's own command: `wsafe import FILE --database D`.
 *
 * @param {string} file
 * @param {string} database
 */
export function importCommand(file, database) {
  return [serverLocation().bin, "import", file, "--database", database];
}

/**
 * Runs one import in its own process, showing the progress it prints (throttled to
 * a line every ~2 s) and following its peak memory.
 *
 * @param {string} label
 * @param {string[]} args
 * @param {string[]} [execArgv]
 * @param {string} [cpus] - pins the command (every thread) to these CPUs (`taskset -c`)
 */
export function timeImport(label, args, execArgv = [], cpus = undefined) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [...execArgv, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    if (cpus !== undefined && child.pid !== undefined) pinProcess(child.pid, cpus);
    // When the first count appears, reading, validating and checking the file are over
    // (and, with `wsafe import`, the first tenth of the writes: it reports every 10 %).
    let firstCountSeconds = Number.NaN;
    const memory = watchPeakMemory(/** @type {number} */ (child.pid));
    /** @type {string[]} */
    const lines = [];
    let shown = 0;
    let pending = "";
    const onData = (/** @type {Buffer} */ chunk) => {
      const parts = (pending + chunk.toString()).split(/\r\n|\r|\n/);
      pending = parts.pop() ?? "";
      for (const line of parts) {
        const text = line.trim();
        if (!text) continue;
        lines.push(text);
        if (Number.isNaN(firstCountSeconds) && /\d+\/\d+/.test(text)) {
          firstCountSeconds = (performance.now() - start) / 1000;
        }
        if (performance.now() - shown > 2000) {
          shown = performance.now();
          progress(`import ${label} │ ${text}`);
        }
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code) => {
      const seconds = (performance.now() - start) / 1000;
      const peakRss = memory.stop();
      if (pending.trim()) lines.push(pending.trim());
      for (const line of lines.slice(-2)) progress(`import ${label} │ ${line}`);
      if (code !== 0)
        reject(new Error(`import into ${label} failed (exit ${code}):\n${lines.slice(-10).join("\n")}`));
      // Since issue 29 an import records the statuses it changes: how many, beside its time.
      else
        resolve({
          seconds,
          firstCountSeconds,
          peakRss,
          events: importedCounts(lines).events,
          output: lines.slice(-20),
        });
    });
  });
}

/** The mean of the limit measured just before and just after the import: the load moves. */
function limitOf(/** @type {{ seconds: number, rows: number }[]} */ runs) {
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0) / runs.length;
  return { seconds, rowsPerSecond: runs[0].rows / seconds, runs: runs.map((run) => run.seconds) };
}

/**
 * Workload 3: N equipment (3 schedules each) imported from one dataset file into an
 * empty store by `wsafe import`, timed from the command's start to its exit (reading,
 * validating, checking references, writing, ANALYZE), beside the physical limit: the
 * database's own `COPY ... FROM` of the same rows from CSV files into the same empty
 * tables, measured just before and just after the import. PostgreSQL and PGlite.
 *
 * @param {{ dataset: any, postgresUrl?: string, cpuProfileDir?: string }} options
 */
export async function runImportWorkload({ dataset, postgresUrl, cpuProfileDir }) {
  const profile = (/** @type {string} */ name) =>
    cpuProfileDir
      ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`, `--cpu-prof-name=import-${name}.cpuprofile`]
      : [];
  const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-import-"));
  const file = join(dir, "dataset.json");
  writeFileSync(file, JSON.stringify(dataset));
  const csvDir = join(dir, "csv");
  mkdirSync(csvDir);
  const csvFiles = writeCsvFiles(dataset, csvDir);
  const equipment = dataset.equipments.length;
  const rows = csvFiles.reduce((sum, f) => sum + f.rows, 0);
  const fileBytes = statSync(file).size;
  progress(
    `import: dataset file of ${equipment} equipment, ${rows} rows in all, ${(fileBytes / 1e6).toFixed(1)} MB`,
  );
  // Every side starts from the same empty tables, made by the server's migrations
  // (untimed: a new PGlite directory costs seconds of initdb that no import repeats).
  const { openStore } = await import(serverLocation().entryUrl);
  const migrate = async (/** @type {string} */ database) => (await openStore(database)).close();
  /** @type {Record<string, any>} */
  const backends = {};
  /** One store's import beside its own COPY: the rates and their ratio. */
  const rates = (/** @type {any} */ run, /** @type {{ rowsPerSecond: number }} */ copyLimit) => ({
    ...run,
    recordsPerSecond: equipment / run.seconds,
    rowsPerSecond: rows / run.seconds,
    copyLimit,
    ratio: rows / run.seconds / copyLimit.rowsPerSecond,
  });
  try {
    if (postgresUrl) {
      const freshDatabase = async (/** @type {string} */ label) => {
        const db = await createPostgresDatabase(`bench_${label}`, postgresUrl);
        await migrate(db.database);
        return db;
      };
      const countIn = async (/** @type {string} */ url) =>
        (await runStatement(url, "SELECT count(*)::int AS n FROM equipments"))[0].n;
      const limitRun = async () => {
        const db = await freshDatabase("copylimit");
        try {
          const run = await copyLimitPostgres(db.database, csvFiles);
          const n = await countIn(db.database);
          if (n !== equipment) throw new Error(`COPY left ${n} equipment of ${equipment}`);
          progress(`import postgres │ COPY of the CSV files: ${(rows / run.seconds).toFixed(0)} records/s`);
          return run;
        } finally {
          await db.drop();
        }
      };
      const before = await limitRun();
      const db = await freshDatabase("import");
      let run;
      try {
        run = /** @type {any} */ (
          await timeImport("postgres", importCommand(file, db.database), profile("postgres"))
        );
        const n = await countIn(db.database);
        if (n !== equipment) throw new Error(`PostgreSQL holds ${n} equipment after importing ${equipment}`);
      } finally {
        await db.drop();
      }
      const copyLimit = limitOf([before, await limitRun()]);
      backends.postgres = rates(run, copyLimit);
    }
    // One migrated directory, copied for each side.
    const template = join(dir, "pglite-template");
    await migrate(template);
    const freshDirectory = (/** @type {string} */ name) => {
      const target = join(dir, name);
      cpSync(template, target, { recursive: true });
      return target;
    };
    const limitRun = async (/** @type {string} */ name) => {
      const run = await copyLimitPglite(freshDirectory(name), csvFiles);
      progress(`import pglite │ COPY of the CSV files: ${(rows / run.seconds).toFixed(0)} records/s`);
      return run;
    };
    const before = await limitRun("pglite-copy-1");
    const run = /** @type {any} */ (
      await timeImport("pglite", importCommand(file, freshDirectory("pglite-import")), profile("pglite"))
    );
    const copyLimit = limitOf([before, await limitRun("pglite-copy-2")]);
    backends.pglite = rates(run, copyLimit);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [backend, result] of Object.entries(backends)) {
    progress(
      `import ${backend}: ${result.rowsPerSecond.toFixed(0)} records/s, ${result.recordsPerSecond.toFixed(0)} equipment/s (${result.seconds.toFixed(1)} s, ${result.events ?? "no count of"} events recorded, ${Number.isFinite(result.firstCountSeconds) ? `${result.firstCountSeconds.toFixed(1)} s before its first progress line` : "no progress line"}); its own COPY ${result.copyLimit.rowsPerSecond.toFixed(0)} records/s: ${result.ratio.toFixed(2)}× (goal ≥ 0.50×)`,
    );
  }
  return { equipment, rows, fileBytes, backends };
}
