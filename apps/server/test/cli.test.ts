import { existsSync, readdirSync } from "node:fs";
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
    [
      ["tokens", "list"],
      ["--account", "never their secrets"],
    ],
    [
      ["tokens", "revoke"],
      ["TOKEN", "its id"],
    ],
    [["accounts", "deactivate"], ["ID"]],
    [
      ["accounts", "activate"],
      ["ID", "undoes deactivate"],
    ],
  ])("wsafe %j --help documents its options", async (command, words) => {
    const result = await runWsafe([...command, "--help"]);
    expect(result.code).toBe(0);
    for (const word of words) expect(result.stdout).toContain(word);
  });
});

describe("wsafe --version", () => {
  // The workspace's build: a release only once `changeset version` consumed every changeset.
  const pending = readdirSync(new URL("../../../.changeset/", import.meta.url)).filter(
    (name) => name.endsWith(".md") && name !== "README.md",
  );
  it.each([["--version"], ["-V"]])(
    "%s prints the version of @wsafe/server, and whether it is a release",
    async (flag) => {
      const { version } = JSON.parse(await readFile(new URL("../package.json", import.meta.url), "utf8"));
      const result = await runWsafe([flag]);
      const escaped = version.replaceAll(".", "\\.");
      const count = `${pending.length} ${pending.length === 1 ? "change" : "changes"}`;
      expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
        code: 0,
        stdout:
          pending.length === 0
            ? `${version}\n`
            : expect.stringMatching(
                new RegExp(
                  `^${escaped}\\+unreleased\\.([0-9a-f]{7}) \\(not a release: ${escaped} and ${count} not released yet, built at commit \\1\\)\\n$`,
                ),
              ),
        stderr: "",
      });
    },
  );
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

    // The shape's problems and the references' in one run, records named by id: the
    // references used to appear only once the shape was fixed, at `equipments[1]...`.
    it("refuses an invalid file with every problem, shape and references, and writes nothing", async () => {
      const broken = structuredClone(fixture.dataset) as unknown as {
        equipments: Record<string, unknown>[];
        users: unknown[];
      };
      (broken.equipments[0]!.schedules as Record<string, unknown>[])[0]!.expiresOn = "soon";
      broken.equipments[1]!.assignedUsers_id = ["u_nobody"];
      broken.equipments[2]!.isInService = "yes";
      broken.users.push({ id: "u_x", account_id: "acc_fix" });
      const result = await runWsafe([
        "import",
        await writeJson("broken.json", broken),
        "--database",
        db.database,
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        [
          `wsafe: ${join(dir, "broken.json")}: invalid dataset (4 problems):`,
          '  user "u_x": required field `name` missing',
          '  equipment "e3", schedule "s_b": `expiresOn` must be an integer (ms since the epoch) or null, got "soon"',
          '  equipment "e2": `isInService` must be true or false, got "yes"',
          '  equipment "e1": `assignedUsers_id[0]` names user "u_nobody", which is neither in this file nor in the store',
          "nothing was imported",
          "",
        ].join("\n"),
      );
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
      const nowhere = "which is neither in this file nor in the store";
      for (const line of [
        `equipment "e3": \`equipmentType_id\` names equipment type "et_missing", ${nowhere}`,
        `equipment "e1": \`assignedUsers_id[0]\` names user "u_nobody", ${nowhere}`,
        'equipment "e4": `metavalues.mf_zzz` is not a metafield of equipment type "et_fix"',
        `tokens[0]: \`account_id\` names account "acc_missing", ${nowhere}`,
        'resource "r_b", versions[1]: `creator_id` names user "u_fix_other" of another account',
        'user "u_fix_1": the same `id` as users[0]; each must be unique',
      ])
        expect(result.stderr).toContain(`\n  ${line}\n`);
      expect(await inStore((store) => store.isEmpty())).toBe(true);
    });

    it.skipIf(isPostgres())(
      "refuses a file that is not JSON, showing the line and column of the fault",
      async () => {
        const result = await runWsafe([
          "import",
          await writeJson("bad.json", '{\n  "users": [\n    {"id": "u_1" "name": "Ada"}\n  ]\n}'),
          "--database",
          db.database,
        ]);
        expect(result.code).toBe(1);
        expect(result.stderr).toBe(
          [
            `wsafe: ${join(dir, "bad.json")}: not JSON: line 3, column 18: expected ',' or '}' after a value: is a comma missing?`,
            '  3 |     {"id": "u_1" "name": "Ada"}',
            "    |                  ^",
            "nothing was imported",
            "",
          ].join("\n"),
        );
      },
    );

    // A wrong file must not leave a new store behind: its references are checked against the file alone.
    it.skipIf(isPostgres())(
      "reports every problem of a file for a store not made yet, and makes none",
      async () => {
        const { serialNumber: _, ...withoutSerial } = fixture.dataset.equipments[1]!;
        const file = await writeJson("new.json", {
          equipments: [{ ...withoutSerial, assignedUsers_id: ["u_nobody"] }],
        });
        const result = await runWsafe(["import", file, "--database", join(dir, "never-made")]);
        expect(result.code).toBe(1);
        expect(result.stderr).toContain('\n  equipment "e1": required field `serialNumber` missing\n');
        expect(result.stderr).toContain(
          '\n  equipment "e1": `equipmentType_id` names equipment type "et_fix", which is neither in this file nor in the store\n',
        );
        expect(existsSync(join(dir, "never-made"))).toBe(false);
      },
    );

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
