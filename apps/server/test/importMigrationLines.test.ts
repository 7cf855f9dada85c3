import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createFixture, createPostgresDatabase, postgresUrl, runWsafe } from "@wsafe/test-support";
import { describe, expect, it, vi } from "vitest";
import { listMigrationFiles } from "../src/store/database/migrationFiles.js";

// A new Node process opening a new store: room on busy machines.
vi.setConfig({ testTimeout: 180_000 });

// A store's first command applies every migration: each said on stderr with how long it
// ran, stdout keeping the command's own answer (`wsafe serve` writes them in its JSON log).
describe.skipIf(!postgresUrl)("wsafe import into a database no server migrated yet", () => {
  it("says each migration it applies, in order, with its duration", async () => {
    const db = await createPostgresDatabase("cli_migrations", postgresUrl, { template: "none" });
    const dir = await mkdtemp(join(tmpdir(), "wsafe-cli-migrations-"));
    try {
      const file = join(dir, "fixture.json");
      await writeFile(file, JSON.stringify(createFixture(Date.now()).dataset));
      const result = await runWsafe(["import", file, "--database", db.database]);
      expect(result.code, result.output).toBe(0);
      const lines = result.stderr.split("\n").filter((line) => line.startsWith("migration "));
      expect(lines.map((line) => line.replace(/ in \d+ ms$/, " in N ms"))).toEqual(
        (await listMigrationFiles()).map((name) => `migration ${name} applied in N ms`),
      );
      expect(result.stdout).toContain("6 equipments");
    } finally {
      await rm(dir, { recursive: true, force: true });
      await db.drop();
    }
  });
});
