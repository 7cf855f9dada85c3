// `wsafe import` on what a file gets wrong without being invalid everywhere: every problem
// of a record in one run (an unknown type used to hide the same equipment's unknown user
// until the type was fixed), a schedule that starts expiring after it expires (imported,
// with a warning naming it), and counts said in words (`imported 1 accounts`).
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createFixture, createScratchDirectory, runWsafe, type ScratchDirectory } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listMigrationFiles } from "../src/store/database/migrationFiles.js";

// Each case is a new Node process, and one opens a new embedded store.
vi.setConfig({ testTimeout: 180_000 });

describe("wsafe import", () => {
  let dir: ScratchDirectory;
  const fixture = createFixture(Date.now());
  beforeAll(async () => {
    dir = await createScratchDirectory("import-problems");
  });
  afterAll(() => dir?.remove());
  const writeJson = async (name: string, value: unknown) => {
    const file = join(dir.path, name);
    await writeFile(file, JSON.stringify(value));
    return file;
  };

  it("reports an unknown user of an equipment whose type is unknown too, in the same run", async () => {
    const broken = structuredClone(fixture.dataset) as unknown as Record<string, Record<string, unknown>[]>;
    const equipment = broken.equipments![0]!;
    equipment.equipmentType_id = "et_missing";
    equipment.assignedUsers_id = ["u_nobody"];
    equipment.metavalues = {};
    const store = join(dir.path, "never-made");
    const result = await runWsafe(["import", await writeJson("both.json", broken), "--database", store]);
    expect(result.code).toBe(1);
    const nowhere = "which is neither in this file nor in the store";
    expect(result.stderr).toContain(
      `\n  equipment "${equipment.id}": \`equipmentType_id\` names equipment type "et_missing", ${nowhere}\n`,
    );
    expect(result.stderr).toContain(
      `\n  equipment "${equipment.id}": \`assignedUsers_id[0]\` names user "u_nobody", ${nowhere}\n`,
    );
    expect(existsSync(store)).toBe(false);
  });

  it("imports a schedule that starts expiring after it expires, with a warning naming it, and counts in words", async () => {
    const day = 86_400_000;
    const at = Date.UTC(2027, 0, 10);
    const { id: _, ...equipment } = fixture.dataset.equipments[0]!;
    const file = await writeJson("inverted.json", {
      accounts: [{ id: "acc_inv", name: "Inverted", active: true }],
      equipmentTypes: [{ id: "et_inv", account_id: "acc_inv", name: "Hoist", metafields: [] }],
      equipments: [
        {
          ...equipment,
          id: "eq_inv",
          equipmentType_id: "et_inv",
          assignedUsers_id: [],
          metavalues: {},
          schedules: [
            { schedule_id: "s_ok", expiresOn: at, expiringOn: at - day, lastCompletedOn: at - 300 * day },
            { schedule_id: "s_inv", expiresOn: at, expiringOn: at + day, lastCompletedOn: at - 300 * day },
          ],
        },
      ],
    });
    const result = await runWsafe(["import", file, "--database", join(dir.path, "inverted")]);
    expect(result.code).toBe(0);
    // A new store: each migration said first, with how long it ran.
    expect(result.stderr.replace(/ in \d+ ms$/gm, " in N ms")).toBe(
      [
        ...(await listMigrationFiles()).map((name) => `migration ${name} applied in N ms`),
        "wsafe: warning: 1 schedule starts expiring after it expires (imported as written; each goes from uptodate straight to expired, never expiring):",
        '  equipment "eq_inv", schedule "s_inv": expiringOn 2027-01-11T00:00:00.000Z is after expiresOn 2027-01-10T00:00:00.000Z',
        "",
      ].join("\n"),
    );
    expect(result.stdout).toMatch(
      /^imported 1 account, 0 tokens, 0 users, 0 resources, 1 equipment type, 1 equipment, 2 schedules, \d+ events?, 2 record events\n$/,
    );
  });
});
