import { methodNames, methods } from "@wsafe/schema";
import { beforeAll, describe, expect, it } from "vitest";
import type { ConformanceOptions } from "./ConformanceOptions.js";
import { refusedProbeOf } from "./refusedProbes.js";
import { runConformance } from "./runConformance.js";
import { faultExpectations as faults } from "./test/faultExpectations.js";
import {
  fixtureOtherIds,
  fixtureTokens,
  fixtureWebhookId,
  startFixtureServer,
} from "./test/fixtureServer.js";

// Everything a run can be given: a write token, a second account, and an endpoint with
// attempts, the one record the kit cannot take from the registry's examples.
const options = (baseUrl: string): ConformanceOptions => ({
  baseUrl,
  token: fixtureTokens.read,
  writeToken: fixtureTokens.write,
  other: { token: fixtureTokens.other, ids: { ...fixtureOtherIds } },
  params: { "webhooks.deliveries": { webhook_id: fixtureWebhookId } },
});
const failedChecks = (report: Awaited<ReturnType<typeof runConformance>>) =>
  report.results
    .filter((result) => result.status === "failed")
    .map((result) => `${result.suite} › ${result.name}`);

describe(runConformance, () => {
  it("passes every check on a conforming server", async () => {
    const server = await startFixtureServer();
    try {
      const report = await runConformance(options(server.url));
      expect(failedChecks(report)).toEqual([]);
      expect(report.skipped).toBe(0);
      expect(report.passed).toBe(report.results.length);
      // Every method of the registry is covered, each error identifier a caller can drive is checked.
      const names = report.results.map((result) => result.name).join("\n");
      for (const identifier of [
        "api_method_not_found",
        "request_method_invalid",
        "request_data_invalid",
        "token_missing",
        "token_invalid",
        "token_permission",
        "parameter_unexpected",
        "parameter_missing",
        "parameter_invalid",
        "content_not_found",
      ]) {
        expect(names).toContain(identifier);
      }
      expect(new Set(report.results.map((result) => result.suite))).toEqual(
        new Set(["(service)", ...methodNames]),
      );
    } finally {
      await server.close();
    }
    // A whole run: about 700 requests, one after another.
  }, 60_000);

  it("skips tenant isolation loudly without a second account", async () => {
    const server = await startFixtureServer();
    try {
      const { other: _other, ...rest } = options(server.url);
      const report = await runConformance(rest);
      expect(report.failed).toBe(0);
      const skipped = report.results.filter((result) => result.status === "skipped");
      expect(skipped.length).toBeGreaterThan(0);
      for (const result of skipped) {
        expect(result.name).toMatch(/^isolation:/);
        expect(result.message).toMatch(/--other-token/);
      }
    } finally {
      await server.close();
    }
  });

  it("with a read token alone, checks each write method's token_permission and skips the rest, naming --write-token", async () => {
    const server = await startFixtureServer();
    try {
      const { writeToken: _write, ...rest } = options(server.url);
      const report = await runConformance(rest);
      expect(failedChecks(report)).toEqual([]);
      const writes = methodNames.filter((name) => methods[name].permission === "write");
      const skipped = report.results.filter((result) => result.status === "skipped");
      expect(new Set(skipped.map((result) => result.suite))).toEqual(new Set(writes));
      for (const result of skipped) expect(result.message).toMatch(/--write-token/);
      for (const method of writes) {
        const ran = report.results.filter((result) => result.suite === method && result.status === "passed");
        // What needs no write token still runs: the read token's refusal, the request, the token's form.
        expect(ran.map((result) => result.name)).toEqual(
          expect.arrayContaining([
            "token_permission: a read token, over POST and GET",
            "token_missing: no token",
            "request_method_invalid: PUT",
            "OPTIONS pre-flight answers 204 with CORS headers",
          ]),
        );
        expect(skipped.filter((result) => result.suite === method).map((result) => result.name)).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^refusal: POST/),
            "pretty: true indents with two spaces; without it the body is one line",
          ]),
        );
      }
    } finally {
      await server.close();
    }
  });

  it("never makes a write succeed: the fixture's endpoints are the same after a run with a write token", async () => {
    const server = await startFixtureServer();
    const list = async () =>
      (await (
        await fetch(`${server.url}/v1/webhooks.list`, {
          method: "POST",
          body: JSON.stringify({ token: fixtureTokens.read }),
        })
      ).json()) as { webhooks: unknown[] };
    try {
      const before = await list();
      const report = await runConformance(options(server.url));
      expect(report.failed).toBe(0);
      expect(await list()).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it("calls webhooks.deliveries with an endpoint that does not exist until given one, and says what to give", async () => {
    const server = await startFixtureServer();
    try {
      const { params: _params, ...rest } = options(server.url);
      const report = await runConformance({ ...rest, methods: ["webhooks.deliveries"] });
      expect(failedChecks(report)).toEqual([]);
      expect(report.results.map((result) => result.name)).toContain(
        `refusal: POST ${refusedProbeOf("webhooks.deliveries")?.what} answers content_not_found, writing nothing`,
      );
      const skipped = report.results.filter((result) => result.status === "skipped");
      expect(skipped.length).toBeGreaterThan(3);
      for (const result of skipped)
        expect(result.message).toMatch(/--param webhooks\.deliveries\.webhook_id=ID/);
    } finally {
      await server.close();
    }
  });

  it("derives a refused request for every write method of the registry from its documented refusals", () => {
    const writes = methodNames.filter((method) => methods[method].permission === "write");
    expect(writes.length).toBeGreaterThan(0);
    for (const method of writes) expect(refusedProbeOf(method), method).toBeDefined();
  });

  it("holds a server of one method (servedMethods) to that method's checks, sending nothing to another", async () => {
    const server = await startFixtureServer();
    const paths: string[] = [];
    // Records every path the kit asks for, so the test sees what it would ask of a one-method server.
    const recording = ((url: string, init?: RequestInit) => {
      paths.push(new URL(url).pathname);
      return globalThis.fetch(url, init);
    }) as typeof globalThis.fetch;
    try {
      const report = await runConformance({
        ...options(server.url),
        methods: ["resources.list"],
        servedMethods: ["resources.list"],
        fetch: recording,
      });
      expect(failedChecks(report)).toEqual([]);
      const skipped = report.results.filter((result) => result.status === "skipped");
      expect(skipped.map((result) => result.name)).toEqual([
        "parameter_invalid: a cursor of another paginated method",
      ]);
      expect(skipped[0]!.message).toMatch(
        /serves no other paginated method .*servedMethods: resources\.list/,
      );
      // Only resources.list, and the routing checks' paths that name no served method.
      expect(paths.filter((path) => /\/v1\/(equipments|equipmentTypes|users)\./.test(path))).toEqual([]);
      expect(paths).toContain("/v1/resources.list");
    } finally {
      await server.close();
    }
  });

  it("takes the other method's cursor from the registry when servedMethods is not given", async () => {
    const server = await startFixtureServer();
    try {
      const report = await runConformance({ ...options(server.url), methods: ["resources.list"] });
      const check = report.results.find((result) => result.name.includes("a cursor of another paginated"));
      expect(check).toMatchObject({ status: "passed" });
    } finally {
      await server.close();
    }
  });

  // A walk's cursor names its instant, so two pages of one request differ (GET against
  // POST); and with a limit, isolation would probe only the paged path. The checks page
  // where they mean to.
  it("leaves the limit and cursor of the caller's own params out of its unpaged checks", async () => {
    const server = await startFixtureServer();
    try {
      const params = {
        "equipments.list": { equipmentType_id: "et_harness", limit: 2, cursor: "from-before" },
      };
      const report = await runConformance({ ...options(server.url), params });
      expect(failedChecks(report)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("fails every check with a reason when the server cannot be reached", async () => {
    const server = await startFixtureServer();
    await server.close();
    const report = await runConformance({ ...options(server.url), methods: ["users.info"], timeoutMs: 2000 });
    expect(report.passed).toBe(0);
    expect(report.results[0]!.message).toMatch(/^request failed: fetch failed/);
  });
});

describe("each check can fail", () => {
  let allChecks: string[] = [];
  const failedByTargetedFaults = new Set<string>();
  beforeAll(async () => {
    const server = await startFixtureServer();
    try {
      allChecks = (await runConformance(options(server.url))).results.map(
        (result) => `${result.suite} › ${result.name}`,
      );
    } finally {
      await server.close();
    }
  }, 60_000);

  it.each(faults)("a server with fault %s fails %s", { timeout: 60_000 }, async (fault, pattern, kind) => {
    const server = await startFixtureServer(fault);
    try {
      const failed = failedChecks(await runConformance(options(server.url)));
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.filter((name) => !pattern.test(name))).toEqual([]);
      if (kind === "targeted") {
        expect(allChecks.filter((name) => pattern.test(name) && !failed.includes(name))).toEqual([]);
        for (const name of failed) failedByTargetedFaults.add(name);
      }
    } finally {
      await server.close();
    }
  });

  it("makes every single check fail under some targeted fault", () => {
    expect(allChecks.filter((name) => !failedByTargetedFaults.has(name))).toEqual([]);
  });
});
