import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../openStore.js";
import type { Store } from "../Store.js";
import { loadPristineCluster, pgliteVersion, pristineClusterFile } from "./pristineCluster.js";

describe("the shipped dump of a fresh embedded cluster", () => {
  const stores: Store[] = [];
  const directories: string[] = [];
  const newDirectory = async () => {
    const dir = await mkdtemp(join(tmpdir(), "wsafe-pristine-"));
    directories.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
    for (const dir of directories) await rm(dir, { recursive: true, force: true });
  });

  it("is made by the build for the PGlite version installed, and holds a cluster", async () => {
    expect(pristineClusterFile()).toMatch(
      new RegExp(`cluster-${pgliteVersion().replaceAll(".", "\\.")}\\.tar\\.br$`),
    );
    expect(existsSync(pristineClusterFile())).toBe(true);
    const dump = await loadPristineCluster();
    expect(dump).toBeInstanceOf(Blob);
    // A tar: the cluster's files by name, PG_VERSION among them, no migration applied yet.
    const text = Buffer.from(await dump!.arrayBuffer()).toString("latin1");
    expect(text).toContain("PG_VERSION");
    expect(text).not.toContain("schema_migrations");
  });

  it("starts new stores, each migrated and with a cursor secret of its own", async () => {
    const [first, second] = [await newDirectory(), await newDirectory()];
    const one = await openStore(join(first, "store"));
    const two = await openStore(second);
    stores.push(one, two);
    expect(existsSync(join(first, "store", "PG_VERSION"))).toBe(true);
    expect((await one.cursorSecret()).equals(await two.cursorSecret())).toBe(false);
    const migrations = await one.appliedMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(await two.appliedMigrations()).toEqual(migrations);
    expect(await one.isEmpty()).toBe(true);
  });

  it("never unpacks over files already in a directory: there the cluster is made as before", async () => {
    const dir = await newDirectory();
    await writeFile(join(dir, "notes.txt"), "an operator's file");
    const store = await openStore(dir);
    stores.push(store);
    expect((await readdir(dir)).sort()).toContain("notes.txt");
    expect((await store.cursorSecret()).length).toBe(32);
  });
});
