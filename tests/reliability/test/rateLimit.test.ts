import { createHash } from "node:crypto";
import {
  createTenantFixture,
  redisUrl,
  type ServerProcess,
  serveCli,
  writeCertificateFiles,
} from "@wsafe/test-support";
import { Redis } from "ioredis";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "../src/figures.js";
import { findLeaks } from "../src/findLeaks.js";
import { createFixtureDatabase, type FixtureDatabase } from "../src/fixtureServer.js";
import { type Answer, call, closePool, json, mapConcurrent, openPool, send } from "../src/httpsClient.js";
import { warnIfMissing } from "../src/services.js";
import { TcpProxy } from "../src/tcpProxy.js";

const LIMIT = 40;
// Long enough that a burst of BURST requests fits in one window on a busy 2-core machine
// (at 4 s, a loaded run spilled the second window's burst into the third).
const WINDOW_S = 10;
const BURST = 4 * LIMIT;

const skip = warnIfMissing("Redis", "the shared rate-limit tests (two servers, one Redis)");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tallies a burst: identifiers, and every `rate_limit_exceeded` checked for its `Retry-After`. */
function tally(answers: Answer[]) {
  const counts: Record<string, number> = {};
  const problems: string[] = [];
  let maxRetryAfter = 0;
  for (const answer of answers) {
    const body = json(answer) as { ok: boolean; error?: string; description?: string };
    const outcome = body.ok ? "ok" : body.error!;
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    if (answer.status !== 200) problems.push(`HTTP ${answer.status}`);
    if (outcome === "rate_limit_exceeded") {
      const retryAfter = answer.headers["retry-after"];
      if (
        !retryAfter ||
        !/^\d+$/.test(retryAfter) ||
        Number(retryAfter) < 1 ||
        Number(retryAfter) > WINDOW_S
      ) {
        problems.push(`Retry-After ${JSON.stringify(retryAfter)}`);
      } else maxRetryAfter = Math.max(maxRetryAfter, Number(retryAfter));
    }
  }
  return { counts, problems, maxRetryAfter };
}

describe.skipIf(skip)("rate limits shared by two servers through one Redis", () => {
  const fixture = createTenantFixture();
  let db: FixtureDatabase;
  let servers: ServerProcess[] = [];
  let pools: Pool[] = [];
  let redisProxy: TcpProxy;

  beforeAll(async () => {
    db = await createFixtureDatabase("ratelimit", fixture);
    const tls = await writeCertificateFiles(db.directory);
    // Two processes, one limit: both reach the same Redis. The second one goes through a
    // relay this test can cut, to see what Redis being away does without stopping the
    // Redis that others share.
    redisProxy = await TcpProxy.start(redisUrl!);
    // Two processes on one embedded store are impossible, so without PostgreSQL each
    // gets its own copy of the fixture: the limit under test lives in Redis anyway.
    const secondDatabase =
      db.kind === "PostgreSQL" ? db : await createFixtureDatabase("ratelimit-b", fixture);
    const common = ["--port", "0", ...tls.serveArgs, "--rate-limit", `${LIMIT}/${WINDOW_S}s`];
    servers = await Promise.all([
      serveCli([...common, "--database", db.database, "--redis", redisUrl!], { cwd: db.directory }),
      serveCli([...common, "--database", secondDatabase.database, "--redis", redisProxy.rewrite(redisUrl!)], {
        cwd: db.directory,
      }),
    ]);
    pools = servers.map((server) => openPool(server.url, 16));
    if (secondDatabase !== db) onTeardown.push(() => secondDatabase.drop());
  });

  const onTeardown: (() => Promise<void>)[] = [];
  afterAll(async () => {
    await Promise.all(pools.map(closePool));
    for (const server of servers) {
      // A crash would show as a non-zero exit here.
      expect(await server.stop()).toBe(0);
    }
    await redisProxy?.close();
    for (const teardown of onTeardown) await teardown();
    await db?.drop();
  });

  /** `count` requests of `data`, spread over both servers, all at once. */
  const burst = (count: number, data: object) =>
    mapConcurrent(Array.from({ length: count }), 32, (_, i) =>
      send(pools[i % 2]!, call("resources.list", data)),
    );

  it(`lets exactly ${LIMIT} of ${BURST} concurrent requests through per ${WINDOW_S} s window, across both servers`, async () => {
    const token = fixture.tokens.alphaRead;
    // Requests refused before the limit (unknown token) must not use it up.
    await burst(30, { token: `${token}x` });
    const [first, other] = await Promise.all([
      burst(BURST, { token }),
      // Another token, same moment, same servers: its own, untouched allowance.
      burst(10, { token: fixture.tokens.betaRead }),
    ]);
    const one = tally(first);
    console.log(
      `rate limit: window 1: ${JSON.stringify(one.counts)}, Retry-After up to ${one.maxRetryAfter} s`,
    );
    recordFigure("rate limit: window 1 (two servers, one Redis)", JSON.stringify(one.counts));
    expect(one.problems).toEqual([]);
    expect(one.counts).toEqual({ ok: LIMIT, rate_limit_exceeded: BURST - LIMIT });
    expect(tally(other).counts).toEqual({ ok: 10 });

    // The shared counters are keyed by the token's digest: Redis never holds a plain token.
    const redis = new Redis(redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      const keys: string[] = [];
      let cursor = "0";
      do {
        const [next, batch] = await redis.scan(cursor, "MATCH", "*", "COUNT", 1000);
        cursor = next;
        keys.push(...batch);
      } while (cursor !== "0");
      const digest = createHash("sha256").update(token).digest("hex");
      expect(
        keys.some((key) => key.includes(digest)),
        "a counter keyed by the token's digest",
      ).toBe(true);
      for (const plain of Object.values(fixture.tokens)) {
        expect(keys.filter((key) => key.includes(plain))).toEqual([]);
      }
    } finally {
      redis.disconnect();
    }

    // The next window, after Retry-After: again exactly the limit. This time 10
    // requests with a bad parameter go first; they passed rows 1-7 and so count.
    await sleep(one.maxRetryAfter * 1000 + 300);
    const bad = tally(await burst(10, { token, colums: ["id"] }));
    expect(bad.counts).toEqual({ parameter_unexpected: 10 });
    const two = tally(await burst(BURST, { token }));
    console.log(`rate limit: window 2 (after 10 bad requests): ${JSON.stringify(two.counts)}`);
    recordFigure("rate limit: window 2 (after 10 bad requests)", JSON.stringify(two.counts));
    expect(two.problems).toEqual([]);
    expect(two.counts).toEqual({ ok: LIMIT - 10, rate_limit_exceeded: BURST - LIMIT + 10 });
    // Row 8 comes before row 10: an over-limit request with a bad parameter is rate-limited.
    expect(tally(await burst(2, { token, colums: ["id"] })).counts).toEqual({ rate_limit_exceeded: 2 });
  }, 60_000);

  it("keeps answering when Redis goes away, and recovers when it returns", async () => {
    const token = fixture.tokens.betaRead;
    const server = servers[1]!;
    const pool = pools[1]!;
    await sleep(WINDOW_S * 1000 + 300);
    expect(json(await send(pool, call("resources.list", { token }))).ok).toBe(true);

    // The server really counts through the relay (else cutting it would prove nothing).
    expect(redisProxy.accepted).toBeGreaterThan(0);
    await redisProxy.cut();
    const during = await mapConcurrent(Array.from({ length: 20 }), 4, () =>
      send(pool, call("resources.list", { token })),
    );
    const outcomes = during.map((answer) => {
      const body = json(answer) as { ok: boolean; error?: string; description?: string };
      expect(answer.status).toBe(200);
      if (!body.ok) expect(findLeaks(body.description ?? "", { never: [token] })).toEqual([]);
      return body.ok ? "ok" : body.error!;
    });
    const behaviour = [...new Set(outcomes)];
    console.log(
      `rate limit: Redis unreachable: ${outcomes.length} requests answered ${behaviour.join(" / ")} ` +
        `(${behaviour.includes("ok") ? "fails open" : "fails closed"}); server process alive: ${server.child.exitCode === null}`,
    );
    recordFigure("rate limit: Redis unreachable", behaviour.join(" / "));
    // One consistent choice, fail open (ok) or closed (server_error): never a hang or a crash.
    expect(behaviour.length).toBe(1);
    expect(["ok", "server_error"]).toContain(behaviour[0]);
    expect(server.child.exitCode).toBeNull();

    await redisProxy.restore();
    const deadline = performance.now() + 15_000;
    let recovered = false;
    while (!recovered && performance.now() < deadline) {
      recovered = json(await send(pool, call("resources.list", { token }))).ok === true;
      if (!recovered) await sleep(250);
    }
    expect(recovered).toBe(true);
  }, 60_000);
});
