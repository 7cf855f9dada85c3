import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventually, parseExposition, type ServerProcess, serveCli } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMetrics } from "../src/runPromtool.js";
import { type PrometheusProcess, startPrometheus } from "../src/startPrometheus.js";

const prometheus = process.env.WSAFE_PROMETHEUS;
const promtool = process.env.WSAFE_PROMTOOL;
if (!prometheus || !promtool)
  console.warn(
    "\n!!! WSAFE_PROMETHEUS or WSAFE_PROMTOOL is not set (scripts/services.sh installs Prometheus): the metrics scrape is SKIPPED.\n",
  );

describe.skipIf(!prometheus || !promtool)("Prometheus scrapes wsafe serve --metrics-port", () => {
  let directory: string;
  let server: ServerProcess;
  let metricsUrl: string;
  let scraper: PrometheusProcess | undefined;

  async function call(token: string) {
    const response = await fetch(`${server.url}/v1/users.info`, {
      method: "POST",
      body: JSON.stringify({ token, user: "u_ada" }),
    });
    return ((await response.json()) as { error?: string }).error ?? "ok";
  }

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "wsafe-prometheus-"));
    server = await serveCli(
      ["--port", "0", "--database", "memory://", "--http", "--demo", "--metrics-port", "0"],
      { cwd: directory },
    );
    metricsUrl = /metrics on (http:\/\/\S+)/.exec(server.output())![1]!;
    const token = /demo token \(read\): (\S+)/.exec(server.output())![1]!;
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await call(token));
    for (let i = 0; i < 2; i++) outcomes.push(await call("not-a-token"));
    expect(outcomes).toEqual(["ok", "ok", "ok", "token_invalid", "token_invalid"]);
  });
  afterAll(async () => {
    await scraper?.stop();
    await server?.stop();
    await rm(directory, { recursive: true, force: true });
  });

  it("serves an exposition that promtool check metrics finds nothing wrong with", async () => {
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const exposition = await (await fetch(metricsUrl)).text();
    expect(exposition).toContain("# TYPE wsafe_requests_total counter");
    expect(await checkMetrics(promtool!, exposition)).toEqual({ code: 0, output: "" });
    // The demo import ran in this process before it listened: its progress is complete.
    const samples = parseExposition(exposition);
    expect(samples.get("wsafe_import_records_done")).toBeGreaterThan(1000);
    expect(samples.get("wsafe_import_records_done")).toBe(samples.get("wsafe_import_records_planned"));
    expect(samples.get('wsafe_imports_total{outcome="ok"}')).toBe(1);
  });

  it("is scraped by a real Prometheus, whose HTTP API answers wsafe_requests_total by series", async () => {
    scraper = await startPrometheus(prometheus!, directory, [new URL(metricsUrl).host]);
    const series = async () =>
      (await scraper!.query('wsafe_requests_total{job="wsafe"}'))
        .map(({ metric, value }) => `${metric.method} ${metric.outcome} ${value[1]}`)
        .sort();
    // The first scrape comes within a second or two of the start.
    await eventually(async () => (await series()).length > 0, "Prometheus has scraped wsafe", {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
    expect(await series()).toEqual(["users.info ok 3", "users.info token_invalid 2"]);
    const up = await scraper.query('up{job="wsafe"}');
    expect(up.map(({ value }) => value[1])).toEqual(["1"]);
  });
});
