import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeServerDirectory } from "../testing/createFakeServerDirectory.js";
import { createPgliteDatabase } from "./createPgliteDatabase.js";
import { createScratchDirectory, type ScratchDirectory } from "./createScratchDirectory.js";
import { pgliteStoreTemplate, storeTemplateKey } from "./storeTemplates.js";

// Against a stand-in server whose store is a directory with a `store.json`: what is
// tested here is the making, keying and copying, not PGlite (the suites that use the
// stores run the real server on them).
let fake: ScratchDirectory;
let cache: ScratchDirectory;
const saved = { server: process.env.WSAFE_TEST_SERVER_DIR, cache: process.env.WSAFE_TEST_CACHE_DIR };
beforeAll(async () => {
  fake = await createFakeServerDirectory();
  cache = await createScratchDirectory("template-cache");
  process.env.WSAFE_TEST_SERVER_DIR = fake.path;
  process.env.WSAFE_TEST_CACHE_DIR = cache.path;
});
afterAll(async () => {
  for (const [name, value] of [
    ["WSAFE_TEST_SERVER_DIR", saved.server],
    ["WSAFE_TEST_CACHE_DIR", saved.cache],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await fake.remove();
  await cache.remove();
});

const storeOf = async (database: string) => JSON.parse(await readFile(join(database, "store.json"), "utf8"));

describe(createPgliteDatabase, () => {
  it("starts as a copy of the migrated template, made once and never written through a copy", async () => {
    const [first, second] = await Promise.all([createPgliteDatabase("one"), createPgliteDatabase("two")]);
    expect(await storeOf(first.database)).toEqual({ migrations: ["0001_initial.sql"], demo: false });
    await writeFile(join(first.database, "store.json"), "{}");
    expect(await storeOf(second.database)).toEqual({ migrations: ["0001_initial.sql"], demo: false });
    expect(await storeOf((await pgliteStoreTemplate("migrated"))!)).toEqual(await storeOf(second.database));
    expect(await readdir(join(cache.path, "pglite"))).toHaveLength(1);
    await first.drop();
    await second.drop();
  });

  it('holds the demo with `template: "demo"`, and nothing with `template: "none"`', async () => {
    const demo = await createPgliteDatabase("demo", { template: "demo" });
    const none = await createPgliteDatabase("none", { template: "none" });
    expect(await storeOf(demo.database)).toEqual({ migrations: ["0001_initial.sql"], demo: true });
    expect(await readdir(none.directory)).toEqual([]);
    await demo.drop();
    await none.drop();
  });
});

describe(storeTemplateKey, () => {
  it("changes with a migration's content or a new migration, so a stale template is never used", async () => {
    const before = await storeTemplateKey("migrated", "pglite", fake.path);
    expect(await storeTemplateKey("migrated", "pglite", fake.path)).toBe(before);
    await writeFile(join(fake.path, "migrations", "0001_initial.sql"), "CREATE TABLE t (id bigint);");
    const edited = await storeTemplateKey("migrated", "pglite", fake.path);
    await writeFile(join(fake.path, "migrations", "0002_more.sql"), "CREATE TABLE u (id int);");
    const added = await storeTemplateKey("migrated", "pglite", fake.path);
    expect(new Set([before, edited, added]).size).toBe(3);
    expect(await storeTemplateKey("migrated", "postgres", fake.path)).not.toBe(added);
    expect(await storeTemplateKey("demo", "pglite", fake.path)).toMatch(/^demo-[0-9a-f]{16}$/);
  });

  it("keys the demo by the run, whose instants its dates are relative to", async () => {
    const saved = process.env.WSAFE_TEST_RUN_ID;
    process.env.WSAFE_TEST_RUN_ID = "run-a";
    const a = await storeTemplateKey("demo", "pglite", fake.path);
    process.env.WSAFE_TEST_RUN_ID = "run-b";
    const b = await storeTemplateKey("demo", "pglite", fake.path);
    if (saved === undefined) delete process.env.WSAFE_TEST_RUN_ID;
    else process.env.WSAFE_TEST_RUN_ID = saved;
    expect(a).not.toBe(b);
  });
});
