// A mistyped `--database` scheme, through every command that takes one: refused by
// name, with nothing created. It used to serve (or import into) a new embedded store in
// a directory named after the typo, `postgress:/wsafe@...`.
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createFixture, createScratchDirectory, runWsafe, type ScratchDirectory } from "@wsafe/test-support";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Every case is a new Node process: give them room on busy machines.
vi.setConfig({ testTimeout: 60_000 });

const typo = "postgress://wsafe@127.0.0.1:54329/postgres";
const refusal =
  '--database: unknown scheme "postgress://"; use postgres:// or postgresql:// for PostgreSQL, memory:// for an in-memory store, or a directory path for the embedded store';

describe("a --database of an unknown scheme", () => {
  let dir: ScratchDirectory;
  beforeEach(async () => {
    dir = await createScratchDirectory("scheme");
    await writeFile(join(dir.path, "data.json"), JSON.stringify(createFixture(Date.now()).dataset));
  });
  afterEach(() => dir.remove());

  it.each([
    ["serve", ["serve", "--port", "0"]],
    ["import", ["import", "data.json"]],
    ["tokens create", ["tokens", "create", "--account", "acc_fix"]],
    ["tokens list", ["tokens", "list"]],
    ["tokens revoke", ["tokens", "revoke", "some-token-of-nobody"]],
    ["accounts deactivate", ["accounts", "deactivate", "acc_fix"]],
    ["accounts activate", ["accounts", "activate", "acc_fix"]],
  ])("%s refuses it, naming the scheme, and creates nothing", async (_name, args) => {
    for (const run of [
      () => runWsafe([...args, "--database", typo], { cwd: dir.path }),
      () => runWsafe(args, { cwd: dir.path, env: { WSAFE_DATABASE: typo } }),
    ]) {
      const result = await run();
      expect(result.stderr).toBe(`wsafe: ${refusal}\n`);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      // No `postgress:` directory, no certificate folder: only the file the test wrote.
      expect(await readdir(dir.path)).toEqual(["data.json"]);
    }
  });

  it("is told apart from a PostgreSQL URL that lost its slashes", async () => {
    const result = await runWsafe(["import", "data.json", "--database", "postgres:/db/wsafe"], {
      cwd: dir.path,
    });
    expect(result.stderr).toBe(
      'wsafe: --database: "postgres:" without "//" is not a URL; write postgres://...\n',
    );
    expect(await readdir(dir.path)).toEqual(["data.json"]);
  });
});
