import {
  createFixture,
  eventually,
  fixtureTokens,
  type ScratchDatabase,
  testStores,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { ReadCache } from "../src/store/cache/ReadCache.js";
import { LISTENER_APPLICATION_NAME } from "../src/store/database/listenPostgres.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";

// Notifications arrive after the commit: every change is awaited with `eventually`.

const resourceIds = (json: string) => (JSON.parse(json) as { id: string }[]).map((resource) => resource.id);

describe.each(testStores)("the read cache on $name", ({ name, skip, create }) => {
  const isPostgres = name === "PostgreSQL";
  let db: ScratchDatabase;
  // The server's store, with the cache; changes come from `writer`: on PostgreSQL another
  // connection, as `wsafe import` or an operator's psql would be; PGlite's directory is
  // locked to one process, so there the server's own store makes them.
  let reader: Store;
  let writer: Store;
  let cache: ReadCache;
  const fixture = createFixture(Date.now());

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    reader = await openStore(db.database);
    writer = isPostgres ? await openStore(db.database) : reader;
    await importDataset(writer, fixture.dataset);
    cache = await reader.startReadCache();
  });
  afterAll(async () => {
    if (writer !== reader) await writer?.close();
    await reader?.close();
    await db?.drop();
  });

  it.skipIf(skip)("answers warm reads from memory", async () => {
    const token = await reader.findToken(fixtureTokens.read);
    expect(token).toMatchObject({ active: true, accountActive: true });
    const json = await reader.listResourcesJson(token!.accountId);
    expect(cache.counts).toEqual({ tokens: 1, resources: 1 });
    // Kept values are the very objects read the first time, not a new query's.
    expect(await reader.findToken(fixtureTokens.read)).toBe(token);
    expect(await reader.listResourcesJson(token!.accountId)).toBe(json);
    expect(resourceIds(json)).toEqual(fixture.expected.resources.map((resource) => resource.id));
  });

  it.skipIf(skip)("sees a re-import of the account's resources as soon as it commits", async () => {
    const token = await reader.findToken(fixtureTokens.read);
    const before = await reader.listResourcesJson(token!.accountId);
    const dataset = structuredClone(fixture.dataset);
    const renamed = dataset.resources.find((resource) => resource.account_id === token!.accountId)!;
    renamed.title = "Renamed while cached";
    await importDataset(writer, dataset);
    await eventually(
      async () => (await reader.listResourcesJson(token!.accountId)) !== before,
      "the cached list changes",
    );
    expect(await reader.listResourcesJson(token!.accountId)).toContain("Renamed while cached");
  });

  it.skipIf(skip)("sees a revoked token and a deactivated account as soon as they commit", async () => {
    expect(await reader.findToken(fixtureTokens.read)).toMatchObject({ active: true });
    expect(await writer.revokeToken(fixtureTokens.read)).toBe(true);
    await eventually(
      async () => (await reader.findToken(fixtureTokens.read))?.active === false,
      "the token is seen revoked",
    );

    const other = await reader.findToken(fixtureTokens.other);
    expect(other).toMatchObject({ accountActive: true });
    // An operator's statement straight in SQL is announced like the store's own.
    await writer.sql.query("UPDATE accounts SET active = false WHERE id = $1", [other!.accountId]);
    await eventually(
      async () => (await reader.findToken(fixtureTokens.other))?.accountActive === false,
      "the account is seen deactivated",
    );
  });

  // Only PostgreSQL listens over a connection that can be lost; PGlite's is in the process.
  if (isPostgres)
    it.skipIf(skip)(
      "reads the database while its listening connection is lost, and keeps again once it listens",
      async () => {
        const token = await reader.findToken(fixtureTokens.writeOnly);
        expect(cache.counts.tokens).toBeGreaterThan(0);
        const admin = new pg.Client({ connectionString: db.database });
        await admin.connect();
        try {
          const killed = await admin.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
            [LISTENER_APPLICATION_NAME],
          );
          expect(killed.rowCount).toBe(1);
          await eventually(() => !cache.listening, "the cache stops listening");
          expect(cache.counts).toEqual({ tokens: 0, resources: 0 });
          // A change made while nobody listens is still seen: nothing is kept meanwhile.
          await admin.query("UPDATE tokens SET active = false WHERE account_id = $1", [token!.accountId]);
          expect(await reader.findToken(fixtureTokens.writeOnly)).toMatchObject({ active: false });
          await eventually(() => cache.listening, "the cache listens again");
          await reader.findToken(fixtureTokens.writeOnly);
          expect(cache.counts.tokens).toBe(1);
          await admin.query("UPDATE tokens SET active = true WHERE account_id = $1", [token!.accountId]);
          await eventually(
            async () => (await reader.findToken(fixtureTokens.writeOnly))?.active === true,
            "the token is seen active again",
          );
        } finally {
          await admin.end();
        }
      },
    );
});
