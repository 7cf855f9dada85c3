import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "node:tls";
import { redisUrl } from "@wsafe/test-support";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { callApi, callMethod } from "./support/callApi.js";

if (!redisUrl)
  console.warn("\n!!! WSAFE_TEST_REDIS_URL is not set: the Redis rate-limit tests are SKIPPED.\n");

/** Whether a TLS handshake limited to the given versions succeeds. */
function handshake(
  port: number,
  minVersion: "TLSv1" | "TLSv1.2",
  maxVersion: "TLSv1.1" | "TLSv1.2" | "TLSv1.3",
  ciphers = "DEFAULT@SECLEVEL=0",
) {
  return new Promise<boolean>((resolve) => {
    const socket = connect({
      host: "127.0.0.1",
      port,
      minVersion,
      maxVersion,
      rejectUnauthorized: false,
      ciphers,
    });
    socket.once("secureConnect", () => {
      socket.end();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("one server: rate limit in memory, TLS, header prefix, CORS origin, docs site", () => {
  let server: RunningServer;
  let docs: string;
  beforeAll(async () => {
    docs = await mkdtemp(join(tmpdir(), "wsafe-docs-"));
    await mkdir(join(docs, "methods"), { recursive: true });
    await mkdir(join(docs, "v1"), { recursive: true });
    await writeFile(join(docs, "index.html"), "<h1>home</h1>");
    await writeFile(join(docs, "methods", "index.html"), "<h1>methods</h1>");
    await writeFile(join(docs, "v1", "openapi.json"), '{"openapi":"3.1.0"}');
    // A file named like a method must never shadow it.
    await writeFile(join(docs, "v1", "users.info"), "shadow");
    await writeFile(join(docs, "style.css"), "body{}");
    server = await startServer({
      port: 0,
      database: "memory://",
      demo: true,
      rateLimit: { points: 3, durationSeconds: 60 },
      headerPrefix: "ACME",
      corsOrigin: "https://app.example",
      docsDir: docs,
    });
  });
  afterAll(async () => {
    await server?.close();
    await rm(docs, { recursive: true, force: true });
  });

  it("refuses TLS 1.0/1.1 handshakes and accepts TLS 1.2 and 1.3", async () => {
    expect(await handshake(server.port, "TLSv1", "TLSv1.1")).toBe(false);
    expect(await handshake(server.port, "TLSv1.2", "TLSv1.2")).toBe(true);
    expect(await handshake(server.port, "TLSv1.2", "TLSv1.3")).toBe(true);
  });

  it("offers TLS 1.2 only with ECDHE key exchange and AEAD suites", async () => {
    const tls12 = (cipher: string) => handshake(server.port, "TLSv1.2", "TLSv1.2", cipher);
    // Static RSA key exchange (no forward secrecy), then CBC (LUCKY13): refused.
    expect(await tls12("AES128-GCM-SHA256")).toBe(false);
    expect(await tls12("AES256-SHA256")).toBe(false);
    expect(await tls12("ECDHE-RSA-AES128-SHA256")).toBe(false);
    expect(await tls12("ECDHE-RSA-AES256-SHA")).toBe(false);
    expect(await tls12("ECDHE-RSA-AES128-GCM-SHA256")).toBe(true);
    expect(await tls12("ECDHE-RSA-AES256-GCM-SHA384")).toBe(true);
    expect(await tls12("ECDHE-RSA-CHACHA20-POLY1305")).toBe(true);
  });

  it("sends no Strict-Transport-Security unless asked", async () => {
    // A path that names no method: it counts against no rate limit.
    const answer = await callApi(server.url, "/v1/nope");
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });

  it("names the headers with the configured prefix and sends the configured CORS origin", async () => {
    const answer = await callMethod(server.url, "POST", "users.info", {
      token: demoTokens.write,
      user: "u_ada",
    });
    expect(answer.headers["acme-request-id"]).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(answer.headers["acme-response-time"]).toMatch(/^\d+$/);
    expect(answer.headers["svc-request-id"]).toBeUndefined();
    expect(answer.headers["access-control-allow-origin"]).toBe("https://app.example");
  });

  it("limits each token, counting only requests that passed checks 1-7, with Retry-After", async () => {
    // None of these reach row 8, so none of them counts against the read token.
    for (let i = 0; i < 5; i++) {
      await callMethod(server.url, "POST", "users.info", { token: "unknown-token-xyz", user: "u_ada" });
      await callMethod(server.url, "POST", "users.info", { token: demoTokens.revoked, user: "u_ada" });
      await callApi(server.url, "/v1/users.info", { method: "POST", body: "[" });
    }
    for (let i = 0; i < 3; i++) {
      const answer = await callMethod(server.url, i % 2 ? "GET" : "POST", "users.info", {
        token: demoTokens.read,
        user: "u_ada",
      });
      expect(answer.body.ok).toBe(true);
    }
    // Parameters are checked after the limit (row 8 before row 10).
    const limited = await callMethod(server.url, "POST", "users.info", { token: demoTokens.read, colums: 1 });
    expect(limited.status).toBe(200);
    expect(limited.body).toMatchObject({ ok: false, error: "rate_limit_exceeded" });
    expect(typeof limited.body.description).toBe("string");
    expect(Number(limited.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    // Another token has its own allowance.
    expect(
      (await callMethod(server.url, "GET", "resources.list", { token: demoTokens.otherAccount })).body.ok,
    ).toBe(true);
  });

  it("serves the docs site's files for GET and HEAD, and everything else goes to the API", async () => {
    const home = await callApi(server.url, "/", { method: "GET" });
    expect(home.text).toBe("<h1>home</h1>");
    expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.headers["x-content-type-options"]).toBe("nosniff");
    expect((await callApi(server.url, "/methods/", { method: "GET" })).text).toBe("<h1>methods</h1>");
    expect((await callApi(server.url, "/style.css", { method: "HEAD" })).headers["content-length"]).toBe("6");
    const openapi = await callApi(server.url, "/v1/openapi.json", { method: "GET" });
    expect(openapi.body).toEqual({ openapi: "3.1.0" });
    expect((await callApi(server.url, "/v1/users.info", { method: "GET" })).body).toMatchObject({
      ok: false,
      error: "token_missing",
    });
    for (const path of ["/v1/nope", "/methods", "/../package.json", "/%2e%2e/package.json", "/nope.html"]) {
      expect((await callApi(server.url, path, { method: "GET" })).body).toMatchObject({
        ok: false,
        error: "api_method_not_found",
      });
    }
    expect((await callApi(server.url, "/", { method: "POST" })).body).toMatchObject({
      error: "api_method_not_found",
    });
  });
});

describe("--http", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, database: "memory://", demo: true, http: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("serves plain HTTP when asked to", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await callMethod(server.url, "GET", "users.info", { token: demoTokens.read, user: 1042 });
    expect(answer.body).toEqual({ ok: true, user: { id: "1042", name: "Grace Hopper" } });
  });
});

describe("--hsts", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, database: "memory://", demo: true, hstsMaxAge: 31_536_000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends Strict-Transport-Security on answers and failures alike", async () => {
    const success = await callMethod(server.url, "GET", "users.info", { token: demoTokens.read, user: 1042 });
    expect(success.body.ok).toBe(true);
    const failure = await callApi(server.url, "/v1/nope");
    expect(failure.body.error).toBe("api_method_not_found");
    const preflight = await callApi(server.url, "/v1/users.info", { method: "OPTIONS" });
    expect(preflight.status).toBe(204);
    for (const answer of [success, failure, preflight])
      expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000");
  });
});

describe.skipIf(!redisUrl)("rate limit in Redis, shared by two server processes", () => {
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    // Counters outlive a test run in Redis: start from zero for the token used here.
    const redis = new Redis(redisUrl!);
    const key = createHash("sha256").update(demoTokens.read).digest("hex");
    await redis.del(`wsafe-rl:${key}`);
    await redis.quit();
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startServer({
          port: 0,
          database: "memory://",
          demo: true,
          redisUrl,
          rateLimit: { points: 4, durationSeconds: 30 },
        }),
      );
    }
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  it("counts requests to either server against one limit", async () => {
    const oks: boolean[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await callMethod(servers[i % 2]!.url, "POST", "users.info", {
        token: demoTokens.read,
        user: "u_ada",
      });
      oks.push(answer.body.ok);
    }
    expect(oks).toEqual([true, true, true, true]);
    for (const server of servers) {
      const answer = await callMethod(server.url, "POST", "users.info", {
        token: demoTokens.read,
        user: "u_ada",
      });
      expect(answer.body.error).toBe("rate_limit_exceeded");
      expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
  });
});
