// `/trpc` and `/v1` are two ways to the same methods: for every request of
// differentialCases() - every method of the registry, every fixture token, the token
// and parameter errors - a `/trpc` call through a real @trpc/client answers the very
// JSON `/v1` sends on success, and on failure a TRPCClientError whose data.error and
// message are `/v1`'s error and description. A page's next_cursor holds the instant of
// its request, so it is compared by where it leads. Both stores; a new method is covered
// by its registry examples alone.
import { testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMethod } from "./support/callApi.js";
import { maskCursor } from "./support/maskCursor.js";
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
        const output = trpc.ok ? trpc.output : undefined;
        // The very JSON /v1 sent: the same records, fields and order (/v1 compact).
        expect(JSON.stringify(v1.body)).toBe(v1.text);
        const v1Page = maskCursor(v1.body);
        const trpcPage = maskCursor(output);
        expect(trpcPage.text).toBe(v1Page.text);
        expect(trpcPage.cursor === undefined).toBe(v1Page.cursor === undefined);
        if (v1Page.cursor !== undefined && trpcPage.cursor !== undefined) {
          // Each way's cursor leads the other way to the same next page.
          const request = data as Record<string, unknown>;
          const v1Next = await callMethod(t.url, "POST", method, { ...request, cursor: trpcPage.cursor });
          const trpcNext = await trpcOutcome(client, method, { ...request, cursor: v1Page.cursor });
          expect(v1Next.body.ok).toBe(true);
          expect(trpcNext.ok && maskCursor(trpcNext.output).text).toBe(maskCursor(v1Next.body).text);
        }
      } else {
        expect(trpc).toMatchObject({ ok: false, error: v1.body.error, message: v1.body.description });
      }
    });
  });
});
