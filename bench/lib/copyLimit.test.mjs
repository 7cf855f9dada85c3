import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { benchDataset } from "./benchDataset.mjs";
import { copyLimitPglite, writeCsvFiles } from "./copyLimit.mjs";

// The ceiling must load exactly the rows `wsafe import` writes, or the ratio would
// compare different work: both go into fresh stores and every table is compared.
const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-copylimit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const dump = async (/** @type {any} */ store) => {
  /** @type {Record<string, unknown[]>} */
  const tables = {};
  for (const table of ["accounts", "users", "tokens", "equipment_types", "equipments", "schedules"]) {
    // A token's id is drawn at random by the column's default on both sides (migration 0011).
    tables[table] = await store.sql.query(
      `SELECT to_jsonb(t) - 'created_at' - $1::text AS row FROM ${table} t ORDER BY 1`,
      [table === "tokens" ? "id" : ""],
    );
  }
  return tables;
};

describe("the COPY limit's CSV files", () => {
  it("hold the very rows wsafe import writes, tricky text included", async () => {
    const { importDataset, openStore } = await import("@wsafe/server");
    const dataset = benchDataset({ equipmentCount: 40, now: 1_780_000_000_000 });
    dataset.users[0].name = 'comma, "quote", new\nline, back\\slash';
    dataset.equipments[1].notes = "";
    dataset.equipments[2].title = 'tab\there, "quoted"';
    dataset.tokens[0].permissions = ["read", "write"];

    // One migrated directory, copied for both sides: a new one costs seconds of initdb.
    await (await openStore(join(dir, "template"))).close();
    cpSync(join(dir, "template"), join(dir, "imported"), { recursive: true });
    cpSync(join(dir, "template"), join(dir, "copied"), { recursive: true });
    const imported = await openStore(join(dir, "imported"));
    await importDataset(imported, dataset);
    const expected = await dump(imported);
    await imported.close();

    const files = writeCsvFiles(dataset, dir);
    const run = await copyLimitPglite(join(dir, "copied"), files);
    expect(run.rows).toBe(1 + 12 + 1 + 1 + 40 + 120);
    const copied = await openStore(join(dir, "copied"));
    expect(await dump(copied)).toEqual(expected);
    await copied.close();
  }, 240_000);
});
