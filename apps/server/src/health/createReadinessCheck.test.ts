import { createPostgresDatabase, postgresUrl } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RateLimiter } from "../rateLimit/RateLimiter.js";
import { openStore } from "../store/openStore.js";
import type { Store } from "../store/Store.js";
import { createReadinessCheck } from "./createReadinessCheck.js";

const redisUrl = process.env.WSAFE_TEST_REDIS_URL;
const limit = { points: 10, durationSeconds: 60 };

describe(createReadinessCheck, () => {
  let store: Store;
  let rateLimiter: RateLimiter;
  let draining: boolean;
  // One embedded store for the file (each takes seconds to create); the cases that
  // break it come last.
  beforeAll(async () => {
    store = await openStore("memory://");
    rateLimiter = await RateLimiter.create(limit);
    draining = false;
  });
  afterAll(async () => {
    await rateLimiter.close();
    await store.close().catch(() => {});
  });
  const check = (timeoutMs?: number) =>
    createReadinessCheck({ store, rateLimiter, isDraining: () => draining, timeoutMs });

  it("is ready on a migrated store, and names no Redis when limits live in memory", async () => {
    expect(await check()()).toEqual({
      ok: true,
      status: "ready",
      checks: { store: "ok", migrations: "ok" },
    });
  });

  it("is not ready when a migration file is not recorded as applied", async () => {
    const [row] = await store.sql.query<{ checksum: string }>(
      "DELETE FROM schema_migrations WHERE name = '0003_pagination.sql' RETURNING checksum",
    );
    expect(await check()()).toEqual({
      ok: false,
      status: "not_ready",
      checks: { store: "ok", migrations: "pending" },
    });
    await store.sql.query(
      "INSERT INTO schema_migrations (name, checksum) VALUES ('0003_pagination.sql', $1)",
      [row!.checksum],
    );
    expect(await check()()).toMatchObject({ ok: true });
  });

  it("answers timeout for a store busy past the deadline, and shares one probe among callers", async () => {
    // The embedded store runs one statement at a time: a long one holds every probe back.
    const busy = store.sql.query("SELECT pg_sleep(1.5)");
    const readiness = check(200);
    const probes = vi.spyOn(store, "appliedMigrations");
    const answers = await Promise.all([readiness(), readiness(), readiness()]);
    expect(probes).toHaveBeenCalledTimes(1);
    probes.mockRestore();
    for (const answer of answers) {
      expect(answer).toEqual({
        ok: false,
        status: "not_ready",
        checks: { store: "timeout", migrations: "unknown" },
      });
    }
    await busy;
    expect(await readiness()).toMatchObject({ ok: true });
  });

  it.skipIf(!redisUrl)("asks Redis when rate limits live there", async () => {
    const shared = await RateLimiter.create(limit, redisUrl);
    try {
      const readiness = createReadinessCheck({ store, rateLimiter: shared, isDraining: () => false });
      expect(await readiness()).toEqual({
        ok: true,
        status: "ready",
        checks: { store: "ok", migrations: "ok", redis: "ok" },
      });
      // A closed connection is what Redis going away looks like to the server.
      await shared.close();
      expect(await readiness()).toMatchObject({ ok: false, checks: { redis: "unreachable" } });
    } finally {
      await shared.close();
    }
  });
  it("answers draining once the server is stopping, without asking the store", async () => {
    const readiness = check();
    draining = true;
    await store.sql.close();
    expect(await readiness()).toEqual({ ok: false, status: "draining" });
    draining = false;
  });

  it("is not ready when the store cannot be queried", async () => {
    expect(await check()()).toEqual({
      ok: false,
      status: "not_ready",
      checks: { store: "unreachable", migrations: "unknown" },
    });
  });
});

// A PostgreSQL that refuses the server's connections: its schema cannot be read, so
// whether it is current is unknown, not pending (which sent operators looking for a
// migration that was never missing).
describe.skipIf(!postgresUrl)("readiness of a PostgreSQL store that stops answering", () => {
  it("says unreachable and migrations unknown, then ready again once it answers", async () => {
    const db = await createPostgresDatabase("readiness");
    const store = await openStore(db.database);
    const rateLimiter = await RateLimiter.create(limit);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    const allowConnections = (allow: boolean) =>
      admin.query(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS ${allow}`);
    try {
      const readiness = createReadinessCheck({ store, rateLimiter, isDraining: () => false });
      expect(await readiness()).toMatchObject({ ok: true });
      await allowConnections(false);
      await db.terminateBackends();
      expect(await readiness()).toEqual({
        ok: false,
        status: "not_ready",
        checks: { store: "unreachable", migrations: "unknown" },
      });
      await allowConnections(true);
      expect(await readiness()).toEqual({
        ok: true,
        status: "ready",
        checks: { store: "ok", migrations: "ok" },
      });
    } finally {
      await allowConnections(true);
      await admin.end();
      await rateLimiter.close();
      await store.close().catch(() => {});
      await db.drop();
    }
  });
});
