import { serverMetrics } from "@wsafe/schema/metrics";
import { fixtureTokens, parseExposition, samplesOf, testStores } from "@wsafe/test-support";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiAnswer, callApi, callMethod, insecureAgent } from "./support/callApi.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

const token = fixtureTokens.read;

async function scrape(url: string) {
  const response = await request(url);
  return {
    status: response.statusCode,
    contentType: response.headers["content-type"],
    text: await response.body.text(),
  };
}

describe.each(testStores)("metrics on $name", ({ name, skip, create }) => {
  describe.skipIf(skip)("--metrics-port", () => {
    let t: FixtureServer;
    const answers: ApiAnswer[] = [];
    let samples: Map<string, number>;
    beforeAll(async () => {
      // Four requests per token: the fifth that counts is refused.
      t = await startFixtureServer(create, { metricsPort: 0, rateLimit: { points: 4, durationSeconds: 60 } });
      const calls: [string, object][] = [
        ["users.info", { token, user: "u_fix_1" }],
        ["users.info", { token, user: "u_fix_1" }],
        ["users.info", { token: "not-a-token", user: "u_fix_1" }],
        ["resources.list", { token }],
        ["resources.list", { token }],
        ["users.info", { token, user: "u_fix_1" }],
      ];
      for (const [method, data] of calls) answers.push(await callMethod(t.url, "POST", method, data));
      answers.push(await callApi(t.url, "/v1/nope"));
      // Health checks are not counted.
      await request(`${t.url}/healthz`, { dispatcher: insecureAgent }).then((r) => r.body.text());
      await request(`${t.url}/readyz`, { dispatcher: insecureAgent }).then((r) => r.body.text());
      samples = parseExposition((await scrape(t.server.metricsUrl!)).text);
    });
    afterAll(async () => {
      await t?.stop();
    });

    it("serves the Prometheus text format on 127.0.0.1, apart from the API", async () => {
      expect(t.server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const answer = await scrape(t.server.metricsUrl!);
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect((await scrape(t.server.metricsUrl!.replace("/metrics", "/other"))).status).toBe(404);
      // The API's port has no /metrics: it is a path that names no method there.
      expect((await callApi(t.url, "/metrics", { method: "GET" })).body.error).toBe("api_method_not_found");
    });

    it("has every metric of the definitions that a serving process reports", async () => {
      const text = (await scrape(t.server.metricsUrl!)).text;
      for (const metric of serverMetrics.filter((m) => m.reportedBy === "worker"))
        expect(text).toContain(`# TYPE ${metric.name} ${metric.type}\n`);
      // prom-client's process metrics come on top.
      expect(text).toContain("# TYPE process_cpu_seconds_total counter");
    });

    it("counts requests by method and outcome, health checks left out", () => {
      expect(answers.map((answer) => answer.body.error ?? "ok")).toEqual([
        "ok",
        "ok",
        "token_invalid",
        "ok",
        "ok",
        "rate_limit_exceeded",
        "api_method_not_found",
      ]);
      expect(samplesOf(samples, "wsafe_requests_total")).toEqual({
        '{method="users.info",outcome="ok"}': 2,
        '{method="users.info",outcome="token_invalid"}': 1,
        '{method="users.info",outcome="rate_limit_exceeded"}': 1,
        '{method="resources.list",outcome="ok"}': 2,
        '{method="none",outcome="api_method_not_found"}': 1,
      });
      expect(samplesOf(samples, "wsafe_rate_limit_refusals_total")).toEqual({
        '{method="users.info"}': 1,
        '{method="resources.list"}': 0,
        '{method="none"}': 0,
      });
    });

    it("keeps a latency histogram per method whose buckets add up to its count", () => {
      for (const [method, count] of [
        ["users.info", 4],
        ["resources.list", 2],
        ["none", 1],
      ] as const) {
        const buckets = Object.entries(samplesOf(samples, "wsafe_request_duration_seconds_bucket"))
          .filter(([labels]) => labels.includes(`method="${method}"`))
          .map(([, value]) => value);
        expect(buckets).toHaveLength(14);
        expect(buckets.at(-1)).toBe(count);
        expect([...buckets].sort((a, b) => a - b)).toEqual(buckets);
        expect(samples.get(`wsafe_request_duration_seconds_count{method="${method}"}`)).toBe(count);
        expect(samples.get(`wsafe_request_duration_seconds_sum{method="${method}"}`)).toBeGreaterThan(0);
      }
    });

    it("counts the bytes of the answers, headers included", () => {
      const bodies = answers.reduce((sum, answer) => sum + Buffer.byteLength(answer.text), 0);
      const sent = samplesOf(samples, "wsafe_response_bytes_total");
      const total = Object.values(sent).reduce((sum, value) => sum + value, 0);
      // Every body, plus a status line and headers of a few hundred bytes each.
      expect(total).toBeGreaterThan(bodies + answers.length * 100);
      expect(total).toBeLessThan(bodies + answers.length * 1000);
    });

    it("counts read-cache hits and misses", () => {
      expect(samplesOf(samples, "wsafe_read_cache_lookups_total")).toEqual({
        // The read token: looked up 5 times, read once; the unknown one is never kept.
        '{cache="tokens",result="hit"}': 4,
        '{cache="tokens",result="miss"}': 2,
        '{cache="resources",result="hit"}': 1,
        '{cache="resources",result="miss"}': 1,
      });
    });

    it("shows the store's pool on PostgreSQL only", () => {
      const connections = samplesOf(samples, "wsafe_store_pool_connections");
      if (name === "PostgreSQL") {
        expect(samples.get("wsafe_store_pool_max")).toBe(10);
        expect(connections['{state="busy"}']! + connections['{state="idle"}']!).toBeGreaterThanOrEqual(1);
      } else {
        expect(connections).toEqual({});
      }
    });
  });
});
