import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { progress } from "../lib/log.mjs";
import { createBenchDatabase, runStatement } from "../lib/postgresDatabase.mjs";
import { watchPeakMemory } from "../lib/procMemory.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";

/**
 * The server's own command: `wsafe import FILE --database D`.
 *
 * @param {string} file
 * @param {string} database
 */
function importCommand(file, database) {
  return [serverLocation().bin, "import", file, "--database", database];
}

/**
 * Runs one import in its own process, showing the progress it prints (throttled to
 * a line every ~2 s) and following its peak memory.
 *
 * @param {string} label
 * @param {string[]} args
 */
function timeImport(label, args, execArgv = []) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [...execArgv, ...args], { stdio: ["ignore", "pipe", "pipe"] });
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
      else resolve({ seconds, firstCountSeconds, peakRss, output: lines.slice(-20) });
    });
  });
}

/**
 * Workload 3: N equipment (3 schedules each) imported from one dataset file into a
 * fresh PostgreSQL database and a fresh PGlite directory, timed from the command's
 * start to its exit: reading, validating, checking references and writing.
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
  const equipment = dataset.equipments.length;
  const rows =
    equipment +
    dataset.equipments.reduce(
      (/** @type {number} */ sum, /** @type {any} */ e) => sum + e.schedules.length,
      0,
    ) +
    dataset.accounts.length +
    dataset.tokens.length +
    dataset.users.length +
    dataset.equipmentTypes.length;
  const fileBytes = statSync(file).size;
  progress(
    `import: dataset file of ${equipment} equipment, ${rows} rows in all, ${(fileBytes / 1e6).toFixed(1)} MB`,
  );
  /** @type {Record<string, any>} */
  const backends = {};
  try {
    if (postgresUrl) {
      const db = await createBenchDatabase(postgresUrl, "import");
      try {
        const run = /** @type {any} */ (
          await timeImport("postgres", importCommand(file, db.url), profile("postgres"))
        );
        const [{ n }] = await runStatement(db.url, "SELECT count(*)::int AS n FROM equipments");
        if (n !== equipment) throw new Error(`PostgreSQL holds ${n} equipment after importing ${equipment}`);
        backends.postgres = {
          ...run,
          recordsPerSecond: equipment / run.seconds,
          rowsPerSecond: rows / run.seconds,
        };
      } finally {
        await db.drop();
      }
    }
    const pgliteDir = join(dir, "pglite");
    const run = /** @type {any} */ (
      await timeImport("pglite", importCommand(file, pgliteDir), profile("pglite"))
    );
    backends.pglite = {
      ...run,
      recordsPerSecond: equipment / run.seconds,
      rowsPerSecond: rows / run.seconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [backend, result] of Object.entries(backends)) {
    progress(
      `import ${backend}: ${result.rowsPerSecond.toFixed(0)} records/s, ${result.recordsPerSecond.toFixed(0)} equipment/s (${result.seconds.toFixed(1)} s, ${Number.isFinite(result.firstCountSeconds) ? `${result.firstCountSeconds.toFixed(1)} s before its first progress line` : "no progress line"})`,
    );
  }
  return { equipment, rows, fileBytes, backends };
}
