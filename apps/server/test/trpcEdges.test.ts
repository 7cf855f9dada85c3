// The edges of the tRPC router at /trpc, each on a server of its own (embedded store,
// demo data): a rate-limited call answers 429 with Retry-After, a body over the limit
// answers tRPC's error shape, a docs file of the same name never shadows a procedure,
// and /trpc requests are counted in /metrics under the one method label `trpc`.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { requestLimits } from "@wsafe/schema";
import { createScratchDirectory, parseExposition, type ScratchDirectory } from "@wsafe/test-support";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import { createServerMetrics, type ServerMetrics } from "../src/metrics/createServerMetrics.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { callApi, insecureAgent } from "./support/callApi.js";
import { createTestTrpcClient, trpcOutcome } from "./support/trpcClient.js";

const token = demoTokens.read;

describe("the tRPC router's edges", () => {
  let server: RunningServer;
  let metrics: ServerMetrics;
  let docs: ScratchDirectory;
  beforeAll(async () => {
    docs = await createScratchDirectory("trpc-docs");
    // A docs site with a file where a procedure is: the procedure must still answer.
    await mkdir(join(docs.path, "trpc"));
    await writeFile(join(docs.path, "trpc", "resources.list"), "a docs page, not the procedure");
    await writeFile(join(docs.path, "index.html"), "<h1>docs</h1>");
    metrics = createServerMetrics();
    server = await startServer({
      port: 0,
      database: "memory://",
      demo: true,
      // Three calls the limiter counts; the fourth is refused.
      rateLimit: { points: 3, durationSeconds: 600 },
      docsDir: docs.path,
      metrics,
      logger: false,
    });
  });
  afterAll(async () => {
    await server?.close();
    await docs?.remove();
  });

  it("serves the procedure, not a docs file of the same path, and the docs elsewhere", async () => {
    const input = encodeURIComponent(JSON.stringify({ token: "no-such-token-anywhere" }));
    const response = await request(`${server.url}/trpc/resources.list?input=${input}`, {
      dispatcher: insecureAgent,
    });
    const body = (await response.body.json()) as { error: { data: { error: string } } };
    expect(response.statusCode).toBe(401);
    expect(body.error.data.error).toBe("token_invalid");
    const page = await callApi(server.url, "/", { method: "GET" });
    expect(page.text).toBe("<h1>docs</h1>");
  });

  it("answers a body over the limit with tRPC's error shape and request_data_invalid", async () => {
    const response = await request(`${server.url}/trpc/resources.list`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, padding: "x".repeat(requestLimits.bodyBytes) }),
      dispatcher: insecureAgent,
    });
    const body = (await response.body.json()) as { error: { message: string; data: object } };
    expect(response.statusCode).toBe(413);
    expect(body.error.message).toBe(`request body exceeds ${requestLimits.bodyBytes} bytes`);
    expect(body.error.data).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      httpStatus: 413,
      error: "request_data_invalid",
    });
  });

  it("refuses a call past the limit with 429 and Retry-After, as /v1 does with 200", async () => {
    const client = createTestTrpcClient(server.url);
    for (let i = 0; i < 3; i++)
      expect(await trpcOutcome(client, "users.info", { token, user: "u_ada" })).toMatchObject({ ok: true });
    const refused = await trpcOutcome(client, "users.info", { token, user: "u_ada" });
    expect(refused).toMatchObject({ ok: false, error: "rate_limit_exceeded", httpStatus: 429 });
    const input = encodeURIComponent(JSON.stringify({ token }));
    const response = await request(`${server.url}/trpc/users.info?input=${input}`, {
      dispatcher: insecureAgent,
    });
    await response.body.text();
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    const v1 = await callApi(server.url, "/v1/users.info", { data: { token, user: "u_ada" } });
    expect(v1.status).toBe(200);
    expect(v1.body.error).toBe("rate_limit_exceeded");
    expect(v1.headers["retry-after"]).toBe(response.headers["retry-after"]);
  });

  it('counts /trpc requests under method="trpc", a batch once, never a label per path', async () => {
    const samples = parseExposition(await metrics.registry.metrics());
    const trpcSeries = [...samples.keys()].filter(
      (key) => key.startsWith("wsafe_requests_total{") && key.includes('method="trpc"'),
    );
    expect(trpcSeries.length).toBeGreaterThan(0);
    expect(samples.get('wsafe_requests_total{method="trpc",outcome="ok"}')).toBeGreaterThanOrEqual(3);
    expect(samples.get('wsafe_requests_total{method="trpc",outcome="rate_limit_exceeded"}')).toBe(2);
    expect([...samples.keys()].some((key) => key.includes('method="resources.list,'))).toBe(false);
    expect([...samples.keys()].some((key) => key.includes("nope"))).toBe(false);
  });
});
