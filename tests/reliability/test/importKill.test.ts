import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  createBulkDataset,
  createPostgresDatabase,
  createScratchDirectory,
  createTenantFixture,
  workspaceRoot,
  wsafeBin,
} from "@wsafe/test-support";
import { afterAll, describe, expect, it } from "vitest";
import { countRows, type StoreDump } from "../src/dumpStore.js";
import { recordFigure } from "../src/figures.js";
import { dumpDatabase, seedAndDump } from "../src/seededDump.js";
import { warnIfMissing } from "../src/services.js";

const skipPostgres = warnIfMissing("PostgreSQL", "`kill -9` of `wsafe import` into PostgreSQL");

/** Runs `wsafe import` and SIGKILLs it once it reports `killAt` percent done (never if absent). */
function importAndKill(file: string, database: string, killAt?: number) {
  return new Promise<{ code: number | null; signal: string | null; killedAt?: string; output: string }>(
    (resolve) => {
      const child = spawn(process.execPath, [wsafeBin(), "import", file, "--database", database], {
        cwd: workspaceRoot,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      let killedAt: string | undefined;
      const look = (chunk: Buffer) => {
        output += chunk.toString();
        // Progress lines come after each batch is written inside the one transaction.
        const progress = [...output.matchAll(/import: (\d+)\/(\d+) records \((\d+)%\)/g)].at(-1);
        if (
          killAt !== undefined &&
          !killedAt &&
          progress &&
          Number(progress[3]) >= killAt &&
          Number(progress[3]) < 100
        ) {
          killedAt = `${progress[1]}/${progress[2]}`;
          child.kill("SIGKILL");
        }
      };
      child.stdout.on("data", look);
      child.stderr.on("data", look);
      child.on("exit", (code, signal) => resolve({ code, signal, killedAt, output }));
    },
  );
}

const scratch = await createScratchDirectory("import-kill");
afterAll(() => scratch.remove());

/** Rows of `before` missing from `after`, and rows of `after` that `before` did not have. */
function compareRows(before: StoreDump, after: StoreDump) {
  let lost = 0;
  let added = 0;
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set((JSON.parse(before[table] ?? "[]") as unknown[]).map((row) => JSON.stringify(row)));
    const is = new Set((JSON.parse(after[table] ?? "[]") as unknown[]).map((row) => JSON.stringify(row)));
    for (const row of was) if (!is.has(row)) lost++;
    for (const row of is) if (!was.has(row)) added++;
  }
  return { lost, added };
}

describe.each([
  // The full import afterwards runs once, on PostgreSQL when there is one (it is quick there).
  { engine: "embedded store", equipments: 3_400, skip: false, fullImport: skipPostgres },
  { engine: "PostgreSQL", equipments: 8_000, skip: skipPostgres, fullImport: true },
])("kill -9 of `wsafe import` into the $engine", ({ engine, equipments, skip, fullImport }) => {
  it.skipIf(skip)(
    "leaves the store exactly as before, and the store takes the whole file afterwards",
    async () => {
      const fixture = createTenantFixture();
      const postgres = engine === "PostgreSQL" ? await createPostgresDatabase("import") : undefined;
      const database = postgres?.database ?? join(scratch.path, "data");
      try {
        const before = await seedAndDump(database, fixture);
        const file = join(scratch.path, `large-${equipments}.json`);
        const { dataset, records } = createBulkDataset(equipments);
        await writeFile(file, JSON.stringify(dataset));

        const killed = await importAndKill(file, database, 20);
        expect(killed.signal, `the import finished before it could be killed:\n${killed.output}`).toBe(
          "SIGKILL",
        );
        const afterKill = await dumpDatabase(database);
        const { lost, added } = compareRows(before, afterKill);
        console.log(
          `import: ${engine}: killed at ${killed.killedAt} of ${records} records; ` +
            `records lost: ${lost}, half-written records left: ${added}`,
        );
        recordFigure(`import: kill -9 into the ${engine}, records lost / half-written`, `${lost} / ${added}`);
        expect(afterKill).toEqual(before);
        // Events included: an import records its own in its transaction, so none of this one's.
        expect(countRows(afterKill)["public.events"]).toBe(countRows(before)["public.events"]);
        if (!fullImport) return;

        // The store still works and takes the whole file: nothing of it is lost.
        const full = await importAndKill(file, database);
        expect(full.code, full.output).toBe(0);
        const rows = countRows(await dumpDatabase(database));
        const seeded = countRows(before);
        console.log(`import: ${engine}: full import afterwards: ${rows["public.equipments"]} equipment rows`);
        expect(rows["public.equipments"]! - seeded["public.equipments"]!).toBe(equipments);
        expect(rows["public.schedules"]! - seeded["public.schedules"]!).toBe(2 * equipments);
        // The new type and each new equipment are created, and each equipment and each of its
        // two schedules first appears: one event each.
        expect(rows["public.events"]! - seeded["public.events"]!).toBe(1 + 4 * equipments);
      } finally {
        await postgres?.drop();
      }
    },
    150_000,
  );
});
