import { spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countRows } from "../src/dumpStore.js";
import { recordFigure } from "../src/figures.js";
import { createFixture } from "../src/fixture.js";
import { writeLargeDataset } from "../src/largeDataset.js";
import { repositoryRoot, wsafeCli } from "../src/serverProcess.js";
import { createTestDatabase, postgresUrl, warnIfMissing } from "../src/services.js";
import { dumpDatabase, seedDatabase, tempDirectory } from "../src/tempStore.js";

const skipPostgres = warnIfMissing("PostgreSQL", postgresUrl, "`kill -9` of `wsafe import` into PostgreSQL");

/** Runs `wsafe import` and SIGKILLs it once it reports `killAt` percent done (never if absent). */
function importAndKill(file: string, database: string, killAt?: number) {
  return new Promise<{ code: number | null; signal: string | null; killedAt?: string; output: string }>(
    (resolve) => {
      const child = spawn(process.execPath, [wsafeCli, "import", file, "--database", database], {
        cwd: repositoryRoot,
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

const scratch = await tempDirectory("import-kill");
afterAll(() => scratch.remove());

describe.each([
  { engine: "embedded store", equipments: 4_000, skip: false },
  { engine: "PostgreSQL", equipments: 8_000, skip: skipPostgres },
])("kill -9 of `wsafe import` into the $engine", ({ engine, equipments, skip }) => {
  it.skipIf(skip)(
    "leaves the store exactly as before, and a full import afterwards loses nothing",
    async () => {
      const fixture = createFixture();
      const postgres = engine === "PostgreSQL" ? await createTestDatabase("import") : undefined;
      const database = postgres?.url ?? join(scratch.path, "data");
      try {
        const before = await seedDatabase(database, fixture);
        const file = join(scratch.path, `large-${equipments}.json`);
        const records = await writeLargeDataset(file, equipments);

        const killed = await importAndKill(file, database, 20);
        expect(killed.signal, `the import finished before it could be killed:\n${killed.output}`).toBe(
          "SIGKILL",
        );
        const afterKill = await dumpDatabase(database);
        expect(afterKill).toEqual(before);

        // The store still works and takes the whole file: nothing of it is lost.
        const full = await importAndKill(file, database);
        expect(full.code, full.output).toBe(0);
        const rows = countRows(await dumpDatabase(database));
        const lost =
          equipments - ((rows["public.equipments"] ?? 0) - countRows(before)["public.equipments"]!);
        console.log(
          `import: ${engine}: killed at ${killed.killedAt} of ${records} records, store unchanged; ` +
            `full import afterwards: ${rows["public.equipments"]} equipment rows, records lost: ${lost}`,
        );
        recordFigure(`import: kill -9 into the ${engine}, records lost`, lost);
        expect(lost).toBe(0);
        expect(rows["public.schedules"]! - countRows(before)["public.schedules"]!).toBe(2 * equipments);
      } finally {
        await postgres?.drop();
      }
    },
    150_000,
  );
});
