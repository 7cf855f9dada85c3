import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createFixture,
  fixtureTokens,
  runWsafe,
  type ScratchDatabase,
  testStores,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openStore } from "../src/store/openStore.js";

// Every command is a new Node process opening the store: give them room on busy machines.
vi.setConfig({ testTimeout: 180_000 });

describe("wsafe --help", () => {
  it.each([
    [[], ["serve", "import", "tokens", "accounts"]],
    [
      ["serve"],
      [
        "--port",
        "--host",
        "--database",
        "--tls-cert",
        "--tls-key",
        "--http",
        "--rate-limit",
        "--redis",
        "--demo",
        "--docs-dir",
        "--header-prefix",
        "--cors-origin",
        "--shutdown-timeout",
        "--listen-database",
        "WSAFE_PORT",
      ],
    ],
    [["import"], ["FILE", "--database"]],
    [
      ["tokens", "create"],
      ["--account", "--write"],
    ],
    [["tokens", "revoke"], ["TOKEN"]],
    [["accounts", "deactivate"], ["ID"]],
  ])("wsafe %j --help documents its options", async (command, words) => {
    const result = await runWsafe([...command, "--help"]);
    expect(result.code).toBe(0);
    for (const word of words) expect(result.stdout).toContain(word);
  });
});

describe("wsafe --version", () => {
  it.each([["--version"], ["-V"]])("%s prints the version of @wsafe/server", async (flag) => {
    const { version } = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
    const result = await runWsafe([flag]);
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      code: 0,
      stdout: `${version}\n`,
      stderr: "",
    });
  });
});

describe.each(testStores)("import and administration on $name", ({ name, skip, create }) => {
  // Checks that never reach the store run on one store only: each command costs a process start.
  const isPostgres = () => name === "PostgreSQL";
  describe.skipIf(skip)("through the command line", () => {
    let db: ScratchDatabase;
    let dir: string;
    const fixture = createFixture(Date.now());
    beforeAll(async () => {
      db = await create();
      dir = await mkdtemp(join(tmpdir(), "wsafe-cli-"));
    });
    afterAll(async () => {
      await db?.drop();
      await rm(dir, { recursive: true, force: true });
    });
    const writeJson = async (name: string, value: unknown) => {
      const file = join(dir, name);
      await writeFile(file, typeof value === "string" ? value : JSON.stringify(value));
      return file;
    };
    const inStore = async <T>(work: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>) => {
      const store = await openStore(db.database);
      try {
        return await work(store);
      } finally {
        await store.close();
      }
    };

    it("refuses an invalid file with every problem and its path, and writes nothing", async () => {
      const broken = structuredClone(fixture.dataset) as unknown as {
        equipments: Record<string, unknown>[];
        users: unknown[];
      };
      (broken.equipments[0]!.schedules as Record<string, unknown>[])[0]!.expiresOn = "soon";
      broken.equipments[2]!.isInService = "yes";
      broken.users.push({ id: "u_x", account_id: "acc_fix" });
      const result = await runWsafe([
        "import",
        await writeJson("broken.json", broken),
        "--database",
        db.database,
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("equipments[0].schedules[0].expiresOn:");
      expect(result.stderr).toContain("equipments[2].isInService:");
      expect(result.stderr).toContain("users[3].name:");
      expect(result.stderr).toContain("nothing was imported");
      expect(await inStore((store) => store.isEmpty())).toBe(true);
    });

    it("refuses broken references with the record and field named, and writes nothing", async () => {
      const broken = structuredClone(fixture.dataset) as unknown as Record<string, Record<string, unknown>[]>;
      broken.equipments![0]!.equipmentType_id = "et_missing";
      broken.equipments![1]!.assignedUsers_id = ["u_nobody"];
      broken.equipments![3]!.metavalues = { mf_zzz: 1 };
      broken.tokens![0]!.account_id = "acc_missing";
      (broken.resources![0]!.versions as Record<string, unknown>[])[1]!.creator_id = "u_fix_other";
      broken.users!.push({ id: "u_fix_1", account_id: "acc_fix", name: "Twice" });
      const result = await runWsafe([
        "import",
        await writeJson("refs.json", broken),
        "--database",
        db.database,
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("equipments[0].equipmentType_id: no equipment type et_missing");
      expect(result.stderr).toContain("equipments[1].assignedUsers_id[0]: no user u_nobody");
      expect(result.stderr).toContain(
        "equipments[3].metavalues: mf_zzz is not a metafield of equipment type et_fix",
      );
      expect(result.stderr).toContain("tokens[0].account_id: no account acc_missing");
      expect(result.stderr).toContain(
        "resources[0].versions[1].creator_id: user u_fix_other belongs to another account",
      );
      expect(result.stderr).toContain("users[3].id: duplicate of users[0]");
      expect(await inStore((store) => store.isEmpty())).toBe(true);
    });

    it.skipIf(isPostgres())("refuses a file that is not JSON", async () => {
      const result = await runWsafe([
        "import",
        await writeJson("bad.json", "{ nope"),
        "--database",
        db.database,
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/cannot read/);
    });

    it("imports a valid file and prints the counts", async () => {
      const result = await runWsafe([
        "import",
        await writeJson("fixture.json", fixture.dataset),
        "--database",
        db.database,
      ]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("6 equipments");
      expect(result.stdout).toContain(`${fixture.dataset.tokens.length} tokens`);
      expect(await inStore((store) => store.findUser("acc_fix", "u_fix_1"))).toEqual({
        id: "u_fix_1",
        name: "Ada Fixture",
      });
    });

    it("updates records named again and keeps the others (upsert)", async () => {
      const update = {
        users: [
          { id: "u_fix_1", account_id: "acc_fix", name: "Ada Renamed" },
          { id: "u_fix_new", account_id: "acc_fix", name: "New Person" },
        ],
        equipments: [{ ...fixture.dataset.equipments[1]!, serialNumber: "S1-new", schedules: [] }],
      };
      const result = await runWsafe([
        "import",
        await writeJson("update.json", update),
        "--database",
        db.database,
      ]);
      expect(result.code).toBe(0);
      await inStore(async (store) => {
        expect(await store.findUser("acc_fix", "u_fix_1")).toEqual({ id: "u_fix_1", name: "Ada Renamed" });
        expect(await store.findUser("acc_fix", "u_fix_new")).toEqual({ id: "u_fix_new", name: "New Person" });
        expect(await store.findUser("acc_fix", "77")).toEqual({ id: "77", name: "Numeric User" });
        const list = JSON.parse(
          await store.listEquipmentsJson({
            equipmentTypeId: "et_fix",
            fields: ["id", "serialNumber"],
            inService: null,
            nullMetafields: [],
            now: Date.now(),
          }),
        );
        expect(list).toEqual([
          { id: "e2", serialNumber: "S2" },
          { id: "e1", serialNumber: "S1-new" },
          { id: "e3", serialNumber: "S3" },
          { id: "e4", serialNumber: "S4" },
          { id: "e5", serialNumber: "S5" },
        ]);
      });
    });

    it("creates tokens (printed once, stored as a hash), revokes them and deactivates accounts", async () => {
      const created = await runWsafe(["tokens", "create", "--account", "acc_fix", "--database", db.database]);
      expect(created.code).toBe(0);
      const token = created.stdout.trim();
      expect(token).toMatch(/^wsafe_[A-Za-z0-9_-]{32}$/);
      const writer = (
        await runWsafe(["tokens", "create", "--account", "acc_fix", "--write", "--database", db.database])
      ).stdout.trim();
      await inStore(async (store) => {
        expect(await store.findToken(token)).toMatchObject({
          accountId: "acc_fix",
          active: true,
          permissions: ["read"],
        });
        expect(await store.findToken(writer)).toMatchObject({ permissions: ["read", "write"] });
        const stored = await store.sql.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM tokens WHERE position(convert_to($1, 'UTF8') in token_hash) > 0",
          [token],
        );
        expect(stored[0]!.n).toBe(0);
      });
      expect((await runWsafe(["tokens", "revoke", token, "--database", db.database])).code).toBe(0);
      expect(
        (await runWsafe(["accounts", "deactivate", "acc_fix_other", "--database", db.database])).code,
      ).toBe(0);
      if (!isPostgres()) {
        const unknownAccount = await runWsafe([
          "tokens",
          "create",
          "--account",
          "acc_nope",
          "--database",
          db.database,
        ]);
        expect(unknownAccount.code).toBe(1);
        expect(unknownAccount.stderr).toContain("no such account: acc_nope");
        expect(
          (await runWsafe(["tokens", "revoke", "no-such-token-at-all", "--database", db.database])).code,
        ).toBe(1);
      }
      await inStore(async (store) => {
        expect(await store.findToken(token)).toMatchObject({ active: false });
        expect(await store.findToken(fixtureTokens.other)).toMatchObject({
          active: true,
          accountActive: false,
        });
      });
    });
  });
});
