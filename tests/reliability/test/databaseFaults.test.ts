import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTenantFixture, type ServerProcess } from "@wsafe/test-support";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "../src/figures.js";
import { findLeaks } from "../src/findLeaks.js";
import { createFixtureDatabase, type FixtureDatabase, launchOn } from "../src/fixtureServer.js";
import { type Answer, call, closePool, json, mapConcurrent, openPool, send } from "../src/httpsClient.js";
import type { RequestCase } from "../src/requestCase.js";
import { dumpDatabase } from "../src/seededDump.js";
import { warnIfMissing } from "../src/services.js";
import { TcpProxy } from "../src/tcpProxy.js";

const skip = warnIfMissing("PostgreSQL", "the database fault tests (unreachable, killed mid-request)");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(skip)("database faults", () => {
  const fixture = createTenantFixture();
  const token = fixture.tokens.alphaRead;
  // One request per method, each reaching the database.
  const requests: RequestCase[] = [
    call("resources.list", { token }),
    call("equipments.list", { token, equipmentType_id: "et_alpha", service_type: "all" }),
    call("users.info", { token, user: "u_alpha_1" }),
  ];
  const figures = { faults: 0, serverErrors: 0, recoveries: 0, backendsKilled: 0 };
  let db: FixtureDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let pool: Pool;
  let logFile: string;

  beforeAll(async () => {
    db = await createFixtureDatabase("faults", fixture);
    // The server reaches its database through a relay this test can cut or stall:
    // the shared PostgreSQL itself is never stopped.
    proxy = await TcpProxy.start(db.database);
    logFile = join(db.directory, "server.log");
    server = await launchOn(
      { ...db, database: proxy.rewrite(db.database) },
      { rateLimit: { points: 1e9, durationSeconds: 60 }, logger: { level: "trace" } },
      { logFile },
    );
    pool = openPool(server.url, 8);
  });

  afterAll(async () => {
    await closePool(pool);
    await server?.stop();
    await proxy?.close();
    await db?.drop();
    recordFigure(
      "faults: database faults survived",
      `${figures.faults} (${figures.backendsKilled} backends killed)`,
    );
    recordFigure(
      "faults: server_error answers / recoveries",
      `${figures.serverErrors} / ${figures.recoveries}`,
    );
    console.log(
      `faults: ${figures.faults} database faults survived (${figures.backendsKilled} backends killed), ` +
        `${figures.serverErrors} server_error answers, ${figures.recoveries} recoveries`,
    );
  });

  /** Checks a failure answer: the envelope, server_error, and nothing internal in it. */
  function expectServerError(answer: Answer) {
    expect(answer.status).toBe(200);
    const body = json(answer) as { ok: boolean; error?: string; description?: string };
    expect(body).toMatchObject({ ok: false, error: "server_error" });
    expect(typeof body.description).toBe("string");
    expect(findLeaks(body.description!, { never: Object.values(fixture.tokens) })).toEqual([]);
    figures.serverErrors++;
  }

  async function expectRecovery() {
    const deadline = performance.now() + 20_000;
    for (;;) {
      const answers = await Promise.all(requests.map((request) => send(pool, request)));
      if (answers.every((answer) => json(answer).ok === true)) break;
      if (performance.now() > deadline)
        throw new Error("the server did not recover within 20 s of the database returning");
      await sleep(250);
    }
    figures.recoveries++;
  }

  it("answers normally before any fault", async () => {
    for (const request of requests) expect(json(await send(pool, request)).ok).toBe(true);
    // Through the relay, or the faults below would not reach the server.
    expect(proxy.accepted).toBeGreaterThan(0);
  });

  it("answers server_error while the database is unreachable, then recovers", async () => {
    await proxy.cut();
    figures.faults++;
    const started = performance.now();
    const answers = await mapConcurrent([...requests, ...requests, ...requests], 3, (request) =>
      send(pool, request),
    );
    for (const answer of answers) expectServerError(answer);
    // Promptly: a caller must not hang on a database that is gone.
    expect(performance.now() - started).toBeLessThan(20_000);
    await proxy.restore();
    await expectRecovery();
  });

  it("answers server_error for requests whose database connection is killed mid-request, then recovers", async () => {
    // Stall the relay so the requests are surely in flight inside the database call...
    proxy.pause();
    const inFlight = requests.map((request) => send(pool, request));
    await sleep(500);
    // ...then kill every backend of this test's database (never another database's).
    figures.backendsKilled += await db.postgres!.terminateBackends();
    figures.faults++;
    proxy.resume();
    for (const answer of await Promise.all(inFlight)) expectServerError(answer);
    await expectRecovery();
  });

  it("survives backends killed under load: every answer is ok or server_error", async () => {
    let stop = false;
    const outcomes: Record<string, number> = {};
    const load = mapConcurrent(Array.from({ length: 6 }), 6, async (_, lane) => {
      while (!stop) {
        const answer = await send(pool, requests[lane % requests.length]!);
        expect(answer.status).toBe(200);
        const body = json(answer) as { ok: boolean; error?: string };
        const outcome = body.ok ? "ok" : body.error!;
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
    });
    for (let i = 0; i < 3; i++) {
      await sleep(300);
      figures.backendsKilled += await db.postgres!.terminateBackends();
      figures.faults++;
    }
    await sleep(300);
    stop = true;
    await load;
    console.log(`faults: under load with backends killed 3 times: ${JSON.stringify(outcomes)}`);
    expect(Object.keys(outcomes).every((outcome) => outcome === "ok" || outcome === "server_error")).toBe(
      true,
    );
    figures.serverErrors += outcomes.server_error ?? 0;
    await expectRecovery();
    expect(server.child.exitCode).toBeNull();
  });

  it("changed nothing in the database and logged no plain token", async () => {
    expect(await dumpDatabase(db.database)).toEqual(db.seeded);
    const log = readFileSync(logFile, "utf8");
    expect(
      findLeaks(log, { never: Object.values(fixture.tokens) }).filter((leak) => leak.startsWith("secret")),
    ).toEqual([]);
  });
});
