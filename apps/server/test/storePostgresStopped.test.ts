// A PostgreSQL stopped while a server runs on it, then started again (issue 47, 3): a
// database away for 20 s used to give one stack trace a request (147). Now every request
// that needs it answers server_error saying the store could not be reached and that it can
// be retried, the log says the outage once and its end once, /readyz says unreachable, and
// the server comes back by itself. A cluster of the test's own, really stopped with
// `pg_ctl stop`; the shared PostgreSQL of the suites is never touched.
import {
  createPostgresDatabase,
  createScratchDirectory,
  eventually,
  type PostgresScratchDatabase,
  type ScratchDirectory,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiAnswer } from "./support/callApi.js";
import { type OutageScene, startOutageScene } from "./support/outageScene.js";
import { type PrivatePostgres, startPrivatePostgres } from "./support/privatePostgres.js";

vi.setConfig({ testTimeout: 120_000 });

/** What a request answers while the database is away, word for word. */
const refusedWhileAway = (requestId: unknown) =>
  `the store could not be reached: the database is unreachable or restarting. Retry the request in a few seconds: a write retried with its idempotency_key is done once, and answered the same; request id ${requestId}`;

describe("a PostgreSQL stopped and started again while a server runs on it", () => {
  let dir: ScratchDirectory;
  let cluster: PrivatePostgres | undefined;
  let db: PostgresScratchDatabase;
  let scene: OutageScene;
  let before: Awaited<ReturnType<OutageScene["written"]>>;
  const refused: ApiAnswer[] = [];

  beforeAll(async () => {
    dir = await createScratchDirectory("postgres-stopped");
    const started = await startPrivatePostgres(dir.path);
    if (typeof started === "string") {
      console.warn(`\n*** apps/server: SKIPPING the PostgreSQL stopped while serving: ${started} ***\n`);
      return;
    }
    cluster = started;
    db = await createPostgresDatabase("stopped", cluster.url);
    scene = await startOutageScene(db.database);
  });
  afterAll(async () => {
    await scene?.stop();
    await db?.drop().catch(() => {});
    await cluster?.remove();
    await dir?.remove();
  });

  it("records while the database runs", async (context) => {
    if (!cluster) return context.skip();
    expect((await scene.record(0, "before-stop")).body.ok).toBe(true);
    before = await scene.written();
  });

  it("answers every request that needs it server_error, saying the database is unreachable", async (context) => {
    if (!cluster) return context.skip();
    await cluster.stop();
    // For a few seconds, as operators restart a database: many requests, each refused.
    const until = performance.now() + 3_000;
    for (let n = 1; performance.now() < until; n++) {
      refused.push(await scene.record(n % 10, `while-away-${n}`));
      refused.push(...(await scene.reads()));
    }
    refused.push(await scene.recordThroughTrpc(1, "while-away-trpc"));
    expect(refused.length).toBeGreaterThan(10);
    for (const answer of refused.slice(0, -1)) {
      expect(answer.body).toEqual({
        ok: false,
        error: "server_error",
        description: refusedWhileAway(answer.headers["svc-request-id"]),
      });
    }
    const trpc = refused.at(-1);
    expect(trpc?.status).toBe(500);
    expect(trpc?.body.error).toMatchObject({
      message: refusedWhileAway(trpc?.headers["svc-request-id"]),
      data: { error: "server_error" },
    });
  });

  it("answers /readyz 503 with the store unreachable", async (context) => {
    if (!cluster) return context.skip();
    const readiness = await scene.readiness();
    expect([readiness.status, readiness.body]).toEqual([
      503,
      {
        ok: false,
        status: "not_ready",
        version: expect.any(String),
        checks: { store: "unreachable", migrations: "unknown" },
      },
    ]);
  });

  it("logs the outage once, and no request's stack trace", async (context) => {
    if (!cluster) return context.skip();
    const away = scene.linesSaying("the database is unreachable");
    expect(away).toHaveLength(1);
    expect(away[0]).toMatchObject({ level: 50, storeState: "unreachable" });
    expect(away[0]).not.toHaveProperty("err");
    expect(scene.linesSaying("request failed")).toEqual([]);
  });

  it("comes back by itself once the database runs: ready, said once, nothing written while away", async (context) => {
    if (!cluster) return context.skip();
    await cluster.start();
    await eventually(async () => (await scene.readiness()).status === 200, "/readyz answers 200", {
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    // Its write probe runs every 2 s while the fault lasts: the line follows within that.
    await eventually(() => scene.linesSaying("the database is back").length > 0, "the return is logged");
    const back = scene.linesSaying("the database is back");
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      level: 30,
      storeState: "ok",
      was: "unreachable",
      refused: refused.length,
    });
    expect(scene.linesSaying("the database is unreachable")).toHaveLength(1);
    expect(await scene.written()).toEqual(before);
    const retried = await scene.record(1, "while-away-1");
    expect(retried.body.ok, retried.text).toBe(true);
    expect((await scene.record(1, "while-away-1")).text).toBe(retried.text);
    for (const answer of await scene.reads()) expect(answer.body.ok, answer.text).toBe(true);
  });
});
