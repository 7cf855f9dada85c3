import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import pg from "pg";
import { request } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { ShutdownTimeoutError } from "../src/server/ShutdownTimeoutError.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { createSelfSignedCertificate } from "../src/tls/createSelfSignedCertificate.js";
import { insecureAgent } from "./support/callApi.js";
import { openStalledUpload } from "./support/openStalledUpload.js";

// Each case starts a server, on the embedded store too: give them room on busy machines.
vi.setConfig({ testTimeout: 180_000 });

const body = JSON.stringify({ token: "no-such-token-000000000" });
// One certificate for every server of the file: making a key takes seconds.
const certificate = createSelfSignedCertificate();

describe.each(testStores)("a bounded stop on $name", ({ name, skip, create }) => {
  let db: ScratchDatabase | undefined;
  let server: RunningServer | undefined;
  // One database for the file, a server on it per case: creating an embedded store
  // takes seconds, opening it again much less.
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    // Created and migrated once here, so each case only opens it again.
    await (await openStore(db.database)).close();
  });
  afterEach(async () => {
    await server?.close().catch(() => {});
    server = undefined;
  });
  afterAll(async () => {
    await db?.drop();
  });
  const start = async (shutdownTimeoutMs: number) => {
    const { cert, key } = await certificate;
    server = await startServer({ port: 0, database: db!.database, shutdownTimeoutMs, tls: { cert, key } });
    return server;
  };

  it.skipIf(skip)("lets a request in flight finish when it does so before the deadline", async () => {
    const running = await start(30_000);
    const upload = await openStalledUpload(running.port, "/v1/resources.list", body);
    const stopped = running.close();
    upload.finish();
    await expect(stopped).resolves.toBeUndefined();
    const answer = await upload.closed;
    expect(answer).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\nHTTP\/1.1 200 OK\r\n/);
    expect(answer).toContain('{"ok":false,"error":"token_invalid"');
    // Its connection closes with the answer: kept alive and idle, it held the stop until
    // the client or the 10 s keep-alive timeout closed it (a proxy's pool keeps it 5 s).
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  });

  it.skipIf(skip)("cuts a client that never finishes at the deadline and names what held it", async () => {
    const running = await start(500);
    const uploads = await Promise.all([
      openStalledUpload(running.port, "/v1/resources.list", body),
      openStalledUpload(running.port, "/v1/resources.list", body),
      openStalledUpload(running.port, "/v1/users.info?token=secret-in-the-query", body),
    ]);
    const failure = await running.close().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ShutdownTimeoutError);
    expect((failure as ShutdownTimeoutError).holders).toEqual({
      connections: 3,
      requests: { "POST /v1/resources.list": 2, "POST /v1/users.info": 1 },
    });
    expect((failure as Error).message).toBe(
      "stop deadline of 0.5 s passed with 3 open connections and 3 requests in flight " +
        "(POST /v1/resources.list ×2, POST /v1/users.info ×1); they were cut",
    );
    // Cut without an answer: the server never pretends the request was served.
    expect(await Promise.all(uploads.map((upload) => upload.closed))).toEqual(
      Array(3).fill("HTTP/1.1 100 Continue\r\n\r\n"),
    );
  });

  // A readiness answer under way when the stop begins says draining. The store's
  // probe is held back by a lock, so the request is surely in flight across the signal.
  it.skipIf(skip || name !== "PostgreSQL")(
    "answers /readyz in flight across the stop with 503 draining",
    async () => {
      const running = await start(30_000);
      const locker = new pg.Client({ connectionString: db!.database });
      await locker.connect();
      try {
        await locker.query("BEGIN");
        await locker.query("LOCK TABLE schema_migrations IN ACCESS EXCLUSIVE MODE");
        const answer = request(`${running.url}/readyz`, { dispatcher: insecureAgent });
        const admin = new pg.Client({ connectionString: db!.database });
        await admin.connect();
        try {
          // Wait until the probe's query waits on the lock.
          for (;;) {
            const { rows } = await admin.query(
              "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            );
            if (rows.length > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        } finally {
          await admin.end();
        }
        const stopped = running.close();
        await locker.query("COMMIT");
        const response = await answer;
        expect(response.statusCode).toBe(503);
        // The probe's own answer depends on how long the lock held it; the stop decides.
        expect(await response.body.json()).toMatchObject({ ok: false, status: "draining" });
        await stopped;
      } finally {
        await locker.end();
      }
    },
  );
});
