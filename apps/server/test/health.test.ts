import { createHash } from "node:crypto";
import { fixtureTokens, redisUrl, testStores } from "@wsafe/test-support";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildVersion } from "../src/version/buildVersion.js";
import { callApi, callMethod } from "./support/callApi.js";
import { captureLog } from "./support/captureLog.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

describe.each(testStores)("/healthz and /readyz on $name", ({ name, skip, create }) => {
  const isPostgres = name === "PostgreSQL";
  // On PostgreSQL the limits live in the shared Redis, when there is one: readiness asks it.
  const withRedis = isPostgres && Boolean(redisUrl);
  const log = captureLog();
  let test: FixtureServer;
  beforeAll(async () => {
    if (skip) return;
    if (withRedis) {
      // Counters outlive a test run in Redis: start from zero for the token used here.
      const redis = new Redis(redisUrl!);
      await redis.del(`wsafe-rl:${createHash("sha256").update(fixtureTokens.read).digest("hex")}`);
      await redis.quit();
    }
    test = await startFixtureServer(create, {
      rateLimit: { points: 2, durationSeconds: 60 },
      redisUrl: withRedis ? redisUrl : undefined,
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await test?.stop();
  });

  it.skipIf(skip)("answers /healthz with 200 and a small JSON body, GET and HEAD", async () => {
    const answer = await callApi(test.url, "/healthz", { method: "GET" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toEqual({ ok: true, status: "alive" });
    const head = await callApi(test.url, "/healthz", { method: "HEAD" });
    expect([head.status, head.text]).toEqual([200, ""]);
  });

  it.skipIf(skip)("answers /readyz with 200 and what each dependency said", async () => {
    const answer = await callApi(test.url, "/readyz", { method: "GET" });
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toEqual({
      ok: true,
      status: "ready",
      version: buildVersion().label,
      checks: { store: "ok", migrations: "ok", ...(withRedis ? { redis: "ok" } : {}) },
    });
  });

  it.skipIf(skip)(
    "never counts health requests against a rate limit, and keeps them outside /v1",
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          callApi(test.url, i % 2 ? "/healthz" : "/readyz", { method: "GET" }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      // The limit of 2 per minute still holds for the API itself.
      const token = fixtureTokens.read;
      const calls = [];
      for (let i = 0; i < 3; i++)
        calls.push(await callMethod(test.url, "POST", "users.info", { token, user: "x" }));
      expect(calls.map((call) => call.body.error)).toEqual([
        "content_not_found",
        "content_not_found",
        "rate_limit_exceeded",
      ]);
      // Under /v1 they are method names like any other: unknown ones.
      expect((await callApi(test.url, "/v1/healthz", { method: "GET" })).body.error).toBe(
        "api_method_not_found",
      );
    },
  );

  it.skipIf(skip)("logs API requests at info level but never the health requests", async () => {
    const before = log.lines.length;
    await callApi(test.url, "/healthz", { method: "GET" });
    await callApi(test.url, "/readyz", { method: "GET" });
    await callApi(test.url, "/v1/nope", { method: "GET" });
    // Request lines are written once their answers are sent: wait for the last one's.
    const deadline = Date.now() + 5_000;
    while (!log.lines.slice(before).some((line) => line.outcome === "api_method_not_found")) {
      if (Date.now() > deadline) throw new Error("no request line within 5 s");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(log.lines.slice(before)).toEqual([
      expect.objectContaining({ msg: "request", httpMethod: "GET", outcome: "api_method_not_found" }),
    ]);
  });
});
