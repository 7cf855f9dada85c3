// The command line undoes itself: a token is listed (never its secret nor its hash) and
// revoked by its id, and an account deactivated is activated again. Revoking needed the
// secret, and a deactivation could be undone only by an import.
import {
  createFixture,
  fixtureTokens,
  runWsafe,
  type ScratchDatabase,
  testStores,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { tokenKey } from "../src/store/hashToken.js";
import { openStore } from "../src/store/openStore.js";

// Every command is a new Node process opening the store: give them room on busy machines.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const idShape = /^tok_[0-9a-f]{16}$/;

describe.each(testStores)("tokens and accounts administration on $name", ({ name, skip, create }) => {
  // Refusals never reach a second store's data: each command costs a process start.
  const once = () => name !== "PostgreSQL";
  describe.skipIf(skip)("through the command line", () => {
    let db: ScratchDatabase;
    const wsafe = (...args: string[]) => runWsafe([...args, "--database", db.database]);
    const inStore = async <T>(work: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>) => {
      const store = await openStore(db.database);
      try {
        return await work(store);
      } finally {
        await store.close();
      }
    };
    beforeAll(async () => {
      db = await create();
      await inStore((store) => importDataset(store, createFixture(Date.now()).dataset));
    });
    afterAll(() => db?.drop());

    it("issues a token with its id, lists tokens without secrets or hashes, and revokes one by its id", async () => {
      const created = await wsafe("tokens", "create", "--account", "acc_fix", "--write");
      expect(created.code).toBe(0);
      // stdout is the secret alone, as scripts capture it; the id goes with the words on stderr.
      const secret = created.stdout.trim();
      expect(created.stdout).toMatch(/^wsafe_[A-Za-z0-9_-]{32}\n$/);
      const id = /^token (tok_\S+) of account acc_fix \(read, write\)/.exec(created.stderr)?.[1] ?? "";
      expect(id).toMatch(idShape);
      expect(created.stderr).toContain(`revoke it with: wsafe tokens revoke ${id}`);

      const listed = await wsafe("tokens", "list");
      expect(listed.code).toBe(0);
      const lines = listed.stdout.trimEnd().split("\n");
      expect(lines[0]!.split(/\s+/)).toEqual(["ID", "ACCOUNT", "PERMISSIONS", "CREATED", "ACTIVE"]);
      const rows = lines.slice(1).map((line) => line.split(/\s{2,}/));
      // The fixture's tokens (imported) and the new one, each with an id of its own.
      expect(rows.length).toBe(Object.keys(fixtureTokens).length + 1);
      expect(new Set(rows.map((row) => row[0])).size).toBe(rows.length);
      for (const row of rows) expect(row[0]).toMatch(idShape);
      expect(rows.find((row) => row[0] === id)).toEqual([
        id,
        "acc_fix",
        "read,write",
        expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        "yes",
      ]);
      for (const token of [secret, ...Object.values(fixtureTokens)]) {
        expect(listed.output).not.toContain(token);
        // Not the hash either, not even a part of it, in hex or base64.
        expect(listed.output).not.toContain(tokenKey(token).slice(0, 12));
        expect(listed.output).not.toContain(
          Buffer.from(tokenKey(token), "hex").toString("base64").slice(0, 12),
        );
      }

      const other = await wsafe("tokens", "list", "--account", "acc_fix_other");
      expect(
        other.stdout
          .trimEnd()
          .split("\n")
          .slice(1)
          .map((line) => line.split(/\s{2,}/)[1]),
      ).toEqual(["acc_fix_other"]);

      const revoked = await wsafe("tokens", "revoke", id);
      expect({ code: revoked.code, stdout: revoked.stdout }).toEqual({
        code: 0,
        stdout: `token ${id} of account acc_fix revoked\n`,
      });
      expect(await inStore(async (store) => store.findToken(secret))).toMatchObject({ active: false });
      const again = await wsafe("tokens", "revoke", id);
      expect({ code: again.code, stdout: again.stdout }).toEqual({
        code: 0,
        stdout: `token ${id} of account acc_fix was already revoked\n`,
      });
      const after = await wsafe("tokens", "list", "--account", "acc_fix");
      expect(after.stdout.split("\n").find((line) => line.startsWith(id))).toMatch(/\sno$/);
    });

    it("still revokes a token by its secret, and never repeats a secret it does not know", async () => {
      const revoked = await wsafe("tokens", "revoke", fixtureTokens.readOnly);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toMatch(/^token tok_[0-9a-f]{16} of account acc_fix revoked\n$/);
      expect(revoked.output).not.toContain(fixtureTokens.readOnly);
      expect(await inStore(async (store) => store.findToken(fixtureTokens.readOnly))).toMatchObject({
        active: false,
      });
      if (!once()) return;
      const unknownSecret = await wsafe("tokens", "revoke", "wsafe_not-a-token-of-this-store");
      expect({ code: unknownSecret.code, stderr: unknownSecret.stderr }).toEqual({
        code: 1,
        stderr: "wsafe: no token has this id or secret: wsafe tokens list shows every token's id (tok_...)\n",
      });
      const unknownId = await wsafe("tokens", "revoke", "tok_0123456789abcdef");
      expect({ code: unknownId.code, stderr: unknownId.stderr }).toEqual({
        code: 1,
        stderr:
          "wsafe: no token has the id tok_0123456789abcdef (nor is it a token's secret): wsafe tokens list shows every token's id\n",
      });
    });

    it("activates an account again, which undoes a deactivation", async () => {
      const deactivated = await wsafe("accounts", "deactivate", "acc_fix_other");
      expect(deactivated.stdout).toBe("account acc_fix_other deactivated\n");
      expect(await inStore(async (store) => store.findToken(fixtureTokens.other))).toMatchObject({
        active: true,
        accountActive: false,
      });
      const listed = await wsafe("tokens", "list", "--account", "acc_fix_other");
      expect(listed.stdout.trimEnd().split("\n")[1]).toMatch(/\syes \(account inactive\)$/);

      const activated = await wsafe("accounts", "activate", "acc_fix_other");
      expect({ code: activated.code, stdout: activated.stdout }).toEqual({
        code: 0,
        stdout: "account acc_fix_other activated\n",
      });
      expect(await inStore(async (store) => store.findToken(fixtureTokens.other))).toMatchObject({
        active: true,
        accountActive: true,
      });
      expect((await wsafe("accounts", "activate", "acc_fix_other")).stdout).toBe(
        "account acc_fix_other was already active\n",
      );
      if (!once()) return;
      for (const args of [
        ["accounts", "activate", "acc_nope"],
        ["accounts", "deactivate", "acc_nope"],
      ]) {
        const unknown = await wsafe(...args);
        expect({ code: unknown.code, stderr: unknown.stderr }).toEqual({
          code: 1,
          stderr:
            "wsafe: no such account: acc_nope: accounts come from a dataset import (wsafe import FILE)\n",
        });
      }
      const listUnknown = await wsafe("tokens", "list", "--account", "acc_nope");
      expect({ code: listUnknown.code, stderr: listUnknown.stderr }).toEqual({
        code: 1,
        stderr: "wsafe: no such account: acc_nope\n",
      });
    });
  });
});
