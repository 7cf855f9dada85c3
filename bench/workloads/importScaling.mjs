import { cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase } from "@wsafe/test-support";
import { writeBenchFiles } from "../lib/benchFiles.mjs";
import { copyLimitPglite, copyLimitPostgres } from "../lib/copyLimit.mjs";
import { tasksetAvailable } from "../lib/cpuPinning.mjs";
import { progress } from "../lib/log.mjs";
import { runStatement } from "../lib/postgresDatabase.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { importCommand, timeImport } from "./importRecords.mjs";

const mb = (/** @type {number} */ bytes) => (bytes / 1e6).toFixed(0);
const mib = (/** @type {number} */ bytes) => (bytes / 2 ** 20).toFixed(0);

/**
 * How `wsafe import` grows with the file (issue 38): N equipment with S schedules each,
 * from N = 10 000 to 1 000 000, into an empty PostgreSQL store, each size beside
 * PostgreSQL's own COPY of exactly the same rows (`copyLimit.mjs`, measured before and
 * after the import, averaged); and some sizes into PGlite beside its COPY. Figures:
 * import seconds, its peak RSS (`VmHWM` of the command's process, the streaming
 * parser's goal: under 1 GiB at a million), and the ratio of rates. The files are
 * written a slice at a time (`benchFiles.mjs`): a million equipment with 4 schedules make 789 MB of JSON.
 * The import runs under `taskset -c 1` where it can (the database, a process of its
 * own, is left to the scheduler).
 *
 * @param {{ postgresSizes: number[], pgliteSizes: number[], schedules: number, postgresUrl?: string }} options
 */
export async function runImportScaling({ postgresSizes, pgliteSizes, schedules, postgresUrl }) {
  const pinned = tasksetAvailable();
  if (!pinned) progress("import scaling: taskset missing, the import runs UNPINNED");
  const { openStore } = await import(serverLocation().entryUrl);
  const migrate = async (/** @type {string} */ database) => (await openStore(database)).close();
  /** @type {any[]} */
  const rows = [];
  const sizes = [...new Set([...(postgresUrl ? postgresSizes : []), ...pgliteSizes])].sort((a, b) => a - b);
  for (const equipment of sizes) {
    const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-import-scale-"));
    try {
      const { file, csvFiles } = writeBenchFiles(dir, { equipmentCount: equipment, schedules });
      const rowCount = csvFiles.reduce((sum, f) => sum + f.rows, 0);
      const fileBytes = statSync(file).size;
      progress(
        `import scaling: ${equipment} equipment × ${schedules} schedules, ${rowCount} rows, ${mb(fileBytes)} MB`,
      );
      /** One run of wsafe import, pinned; its command line's own process. */
      const importInto = async (/** @type {string} */ label, /** @type {string} */ database) =>
        /** @type {any} */ (
          await timeImport(label, importCommand(file, database), [], pinned ? "1" : undefined)
        );
      if (postgresUrl && postgresSizes.includes(equipment)) {
        const fresh = async (/** @type {string} */ label) => {
          const db = await createPostgresDatabase(`bench_${label}`, postgresUrl);
          await migrate(db.database);
          return db;
        };
        const copy = async () => {
          const db = await fresh("scalecopy");
          try {
            return await copyLimitPostgres(db.database, csvFiles);
          } finally {
            await db.drop();
          }
        };
        const before = await copy();
        const db = await fresh("scaleimport");
        let run;
        try {
          run = await importInto(`postgres ${equipment}`, db.database);
          const [{ n }] = await runStatement(db.database, "SELECT count(*)::int AS n FROM equipments");
          if (n !== equipment)
            throw new Error(`PostgreSQL holds ${n} equipment after importing ${equipment}`);
        } finally {
          await db.drop();
        }
        const after = await copy();
        rows.push(figures("postgres", equipment, rowCount, fileBytes, run, [before.seconds, after.seconds]));
      }
      if (pgliteSizes.includes(equipment)) {
        const template = join(dir, "pglite-template");
        await migrate(template);
        const fresh = (/** @type {string} */ name) => {
          const target = join(dir, name);
          cpSync(template, target, { recursive: true });
          return target;
        };
        const before = await copyLimitPglite(fresh("copy-1"), csvFiles);
        const run = await importInto(`pglite ${equipment}`, fresh("import"));
        const after = await copyLimitPglite(fresh("copy-2"), csvFiles);
        rows.push(figures("pglite", equipment, rowCount, fileBytes, run, [before.seconds, after.seconds]));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  for (const row of rows)
    progress(
      `import scaling ${row.store} ${row.equipment}: ${mb(row.fileBytes)} MB file, ${row.seconds.toFixed(1)} s (COPY ${row.copySeconds.toFixed(1)} s: ${row.ratio.toFixed(2)}×), peak RSS ${mib(row.peakRss)} MiB${row.pinned ? "" : " (UNPINNED)"}`,
    );
  return { schedules, pinned, rows };
}

/** One size on one store: the import beside the mean of its COPY runs. */
function figures(store, equipment, rows, fileBytes, run, copyRuns) {
  const copySeconds = copyRuns.reduce((a, b) => a + b, 0) / copyRuns.length;
  return {
    store,
    equipment,
    rows,
    fileBytes,
    seconds: run.seconds,
    firstCountSeconds: run.firstCountSeconds,
    peakRss: run.peakRss,
    copySeconds,
    copyRuns,
    ratio: copySeconds / run.seconds,
    pinned: tasksetAvailable(),
  };
}
