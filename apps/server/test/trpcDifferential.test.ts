// `/trpc` and `/v1` are two ways to the same methods: for every request of
// differentialCases() - every method of the registry, every fixture token, the token
// and parameter errors - a `/trpc` call through a real @trpc/client answers the very
// JSON `/v1` sends on success, and on failure a TRPCClientError whose data.error and
// message are `/v1`'s error and description. Both stores; a new method is covered by its
// registry examples alone.
import { testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMethod } from "./support/callApi.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";
import { createTestTrpcClient, type TestTrpcClient, trpcOutcome } from "./support/trpcClient.js";
import { differentialCases } from "./support/trpcDifferentialCases.js";

const cases = differentialCases();

describe.each(testStores)("/trpc and /v1 on $name", ({ skip, create }) => {
  describe.skipIf(skip)("answer every request alike", () => {
    let t: FixtureServer;
    let client: TestTrpcClient;
    beforeAll(async () => {
      t = await startFixtureServer(create);
      client = createTestTrpcClient(t.url);
    });
    afterAll(async () => {
      await t?.stop();
    });

    it("covers success and failure of every method", () => {
      const methodsCovered = new Set(cases.map((c) => c.method));
      expect(methodsCovered.size).toBeGreaterThan(0);
      expect(cases.length).toBeGreaterThan(methodsCovered.size * 10);
    });

    it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, { method, data }) => {
      const v1 = await callMethod(t.url, "POST", method, data);
      const trpc = await trpcOutcome(client, method, data);
      if (v1.body.ok) {
        expect(trpc).toMatchObject({ ok: true });
        // The very JSON /v1 sent: the same records, fields and order.
        expect(trpc.ok && JSON.stringify(trpc.output)).toBe(v1.text);
      } else {
        expect(trpc).toMatchObject({ ok: false, error: v1.body.error, message: v1.body.description });
      }
    });
  });
});
