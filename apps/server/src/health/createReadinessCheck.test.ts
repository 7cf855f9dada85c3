import { createPostgresDatabase, postgresUrl } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RateLimiter } from "../rateLimit/RateLimiter.js";
import { openStore } from "../store/openStore.js";
import type { Store } from "../store/Store.js";
import { createReadinessCheck } from "./createReadinessCheck.js";
import { MigrationWatch } from "./MigrationWatch.js";

const redisUrl = process.env.WSAFE_TEST_REDIS_URL;
const limit = { points: 10, durationSeconds: 60 };
const version = "9.8.7+unreleased.abcdef0";
const quietLog = { warn: () => {}, error: () => {} };
const watchOf = (store: Store) => new MigrationWatch(store.sql, quietLog, { version });

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
  const check = (timeoutMs?: number, migrations = watchOf(store)) =>
    createReadinessCheck({ migrations, rateLimiter, version, isDraining: () => draining, timeoutMs });

  it("is ready on a migrated store, and names no Redis when limits live in memory", async () => {
    expect(await check()()).toEqual({
      ok: true,
      status: "ready",
      version,
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
      version,
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
    const migrations = watchOf(store);
    const readiness = check(200, migrations);
    const probes = vi.spyOn(migrations, "look");
    const answers = await Promise.all([readiness(), readiness(), readiness()]);
    expect(probes).toHaveBeenCalledTimes(1);
    probes.mockRestore();
    for (const answer of answers) {
      expect(answer).toEqual({
        ok: false,
        status: "not_ready",
        version,
        checks: { store: "timeout", migrations: "unknown" },
      });
    }
    await busy;
    expect(await readiness()).toMatchObject({ ok: true });
  });

  it.skipIf(!redisUrl)("asks Redis when rate limits live there", async () => {
    const shared = await RateLimiter.create(limit, redisUrl);
    try {
      const readiness = createReadinessCheck({
        migrations: watchOf(store),
        rateLimiter: shared,
        version,
        isDraining: () => false,
      });
      expect(await readiness()).toEqual({
        ok: true,
        status: "ready",
        version,
        checks: { store: "ok", migrations: "ok", redis: "ok" },
      });
      // A closed connection is what Redis going away looks like to the server.
      await shared.close();
      expect(await readiness()).toMatchObject({ ok: false, checks: { redis: "unreachable" } });
    } finally {
      await shared.close();
    }
  });
  it("stays ready beside a newer migration marked rolling, and is not beside one marked stop, ever after", async () => {
    const migrations = watchOf(store);
    const readiness = check(undefined, migrations);
    await store.sql.query(
      "INSERT INTO schema_migrations (name, checksum, upgrade) VALUES ('9001_rolling.sql', 'x', 'rolling')",
    );
    expect(await readiness()).toMatchObject({ ok: true, checks: { migrations: "ok" } });
    await store.sql.query(
      "INSERT INTO schema_migrations (name, checksum, upgrade) VALUES ('9002_stop.sql', 'x', 'stop')",
    );
    const refused = {
      ok: false,
      status: "not_ready",
      version,
      checks: { store: "ok", migrations: "newer" },
      description: `the database has migration 9002_stop.sql, which this server (wsafe ${version}) does not know: a newer server applied it, and servers of earlier versions must not run beside it. This server stopped its background work (events, webhooks, pruning); stop it and start the newer version in its place`,
    };
    expect(await readiness()).toEqual(refused);
    await store.sql.query(
      "DELETE FROM schema_migrations WHERE name IN ('9001_rolling.sql', '9002_stop.sql')",
    );
    expect(await readiness()).toEqual(refused);
    // A migration applied before marks existed, unknown to this server, counts as stop.
    await store.sql.query("INSERT INTO schema_migrations (name, checksum) VALUES ('9003_unmarked.sql', 'x')");
    expect(await check()()).toMatchObject({ ok: false, checks: { migrations: "newer" } });
    await store.sql.query("DELETE FROM schema_migrations WHERE name = '9003_unmarked.sql'");
  });

  it("answers draining once the server is stopping, without asking the store", async () => {
    const readiness = check();
    draining = true;
    await store.sql.close();
    expect(await readiness()).toEqual({ ok: false, status: "draining", version });
    draining = false;
  });

  it("is not ready when the store cannot be queried", async () => {
    expect(await check()()).toEqual({
      ok: false,
      status: "not_ready",
      version,
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
      const readiness = createReadinessCheck({
        migrations: watchOf(store),
        rateLimiter,
        version,
        isDraining: () => false,
      });
      expect(await readiness()).toMatchObject({ ok: true });
      await allowConnections(false);
      await db.terminateBackends();
      expect(await readiness()).toEqual({
        ok: false,
        status: "not_ready",
        version,
        checks: { store: "unreachable", migrations: "unknown" },
      });
      await allowConnections(true);
      expect(await readiness()).toEqual({
        ok: true,
        status: "ready",
        version,
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
