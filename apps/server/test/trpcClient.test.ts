// The tRPC router at /trpc, driven by a real @trpc/client (createTRPCClient +
// httpBatchLink, typed with AppRouter) over real HTTPS, on both stores: every method
// answers /v1's records, failures arrive as TRPCClientError with /v1's identifier and
// description and a fitting HTTP status, a batch is one request, and /trpc answers
// carry the headers of every other answer.

import { TRPCClientError } from "@trpc/client";
import { type MethodName, methodNames, methods } from "@wsafe/schema";
import { fixtureTokens, testStores } from "@wsafe/test-support";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMethod, insecureAgent } from "./support/callApi.js";
import { maskCursor } from "./support/maskCursor.js";
import { methodCaseOf } from "./support/precedence/methodCases.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";
import { callAny, createTestTrpcClient, type TestTrpcClient, trpcOutcome } from "./support/trpcClient.js";

const token = fixtureTokens.read;

describe.each(testStores)("the tRPC router on $name", ({ skip, create }) => {
  describe.skipIf(skip)("through @trpc/client", () => {
    let t: FixtureServer;
    let client: TestTrpcClient;
    const fetched: string[] = [];
    beforeAll(async () => {
      // It delivers nothing: an endpoint made here at a public address is never contacted.
      t = await startFixtureServer(create, { webhooks: { deliver: false } });
      client = createTestTrpcClient(t.url, { onFetch: (url) => fetched.push(url) });
    });
    afterAll(async () => {
      await t?.stop();
    });

    it("answers resources.list with the account's records, typed by AppRouter", async () => {
      const { ok, resources } = await client["resources.list"].query({ token });
      expect(ok).toBe(true);
      expect(resources).toEqual(t.fixture.expected.resources);
      const user = await client["users.info"].query({ token, user: "u_fix_1" });
      expect(user).toEqual({ ok: true, user: { id: "u_fix_1", name: "Ada Fixture" } });
    });

    // A method whose success example is an illustration (an endpoint made with a random id
    // and secret) answers differently each time: its errors are held to /v1's by the
    // differential test, its successes to the schema by the webhooks suites.
    const replayable = methodNames.filter(
      (method) => !methods[method].examples.find((example) => example.response.ok)?.illustrative,
    );
    it.each(replayable)("answers %s's example as /v1 does, a body its schema accepts", async (method) => {
      const { token: exampleToken, params } = methodCaseOf(method);
      const data = { token: exampleToken, ...params };
      const output = await callAny(client, method, data);
      expect(methods[method].result.parse(output)).toEqual(output);
      const v1 = await callMethod(t.url, "POST", method, data);
      // The same JSON, a page's cursor aside (it holds its request's instant).
      expect(maskCursor(output).text).toBe(maskCursor(JSON.parse(v1.text)).text);
    });

    it("sends a failure as a TRPCClientError with /v1's identifier, description and an HTTP status", async () => {
      const cases: [MethodName, object, string, number][] = [
        ["resources.list", {}, "token_missing", 401],
        ["resources.list", { token: "no-such-token-anywhere" }, "token_invalid", 401],
        ["resources.list", { token: fixtureTokens.deactivatedOfActiveAccount }, "token_inactive", 401],
        ["resources.list", { token: fixtureTokens.activeOfDeactivatedAccount }, "account_inactive", 403],
        ["resources.list", { token: fixtureTokens.writeOnly }, "token_permission", 403],
        ["users.info", { token, user: "u_fix_1", colums: [] }, "parameter_unexpected", 400],
        ["users.info", { token }, "parameter_missing", 400],
        ["users.info", { token, user: true }, "parameter_invalid", 400],
        ["users.info", { token, user: "u_fix_other" }, "content_not_found", 404],
      ];
      for (const [method, data, error, httpStatus] of cases) {
        const v1 = await callMethod(t.url, "POST", method, data);
        expect(v1.body.error).toBe(error);
        const thrown = await callAny(client, method, data).catch((caught: unknown) => caught);
        expect(thrown).toBeInstanceOf(TRPCClientError);
        const failure = thrown as TRPCClientError<never>;
        expect({ message: failure.message, data: failure.data }).toEqual({
          message: v1.body.description,
          data: { code: expect.any(String), httpStatus, path: method, error },
        });
      }
    });

    // A write over GET would run from a link, a prefetch or a query cache refetching, the
    // token in the URL: each method that needs `write` is a mutation, which tRPC takes by
    // POST only. Before, a GET of webhooks.create made an endpoint.
    it("serves the methods that need write as mutations: a GET is refused and writes nothing", async () => {
      const writeMethods = methodNames.filter((method) => methods[method].permission === "write");
      expect(writeMethods).toEqual(expect.arrayContaining(["webhooks.create", "webhooks.delete"]));
      const writer = fixtureTokens.writeOnly;
      const url = "https://8.8.8.8/hooks/trpc-get";
      const made = await client["webhooks.create"].mutate({ token: writer, url });
      const { id } = made.webhook;
      const listed = async () => (await callMethod(t.url, "POST", "webhooks.list", { token })).body;
      const before = await listed();
      const inputs: Record<string, object> = {
        "webhooks.create": { token: writer, url: `${url}/again` },
        "webhooks.delete": { token: writer, id },
        "webhooks.rotate_secret": { token: writer, id },
      };
      for (const method of writeMethods) {
        const data = inputs[method] ?? { token: writer, ...methodCaseOf(method).params };
        const input = encodeURIComponent(JSON.stringify(data));
        const response = await request(`${t.url}/trpc/${method}?input=${input}`, {
          dispatcher: insecureAgent,
        });
        const body = (await response.body.json()) as { error: { data: object } };
        expect({ method, status: response.statusCode, allow: response.headers.allow }).toEqual({
          method,
          status: 405,
          allow: "POST",
        });
        expect(body.error.data).toEqual({
          code: "METHOD_NOT_SUPPORTED",
          httpStatus: 405,
          path: method,
          error: "request_method_invalid",
        });
      }
      // Nothing was made, deleted or rotated: the endpoints are as they were.
      expect(await listed()).toEqual(before);
      await client["webhooks.delete"].mutate({ token: writer, id });
    });

    it("runs a batch of several calls in one HTTP request, each answered on its own", async () => {
      fetched.length = 0;
      const [resources, user, missing, types] = await Promise.all([
        client["resources.list"].query({ token }),
        client["users.info"].query({ token, user: "u_fix_1" }),
        trpcOutcome(client, "users.info", { token, user: "nobody" }),
        client["equipmentTypes.list"].query({ token }),
      ]);
      expect(fetched).toHaveLength(1);
      expect(fetched[0]).toContain("/trpc/resources.list,users.info,users.info,equipmentTypes.list?batch=1");
      expect(resources.resources).toEqual(t.fixture.expected.resources);
      expect(user.user.name).toBe("Ada Fixture");
      expect(missing).toMatchObject({ ok: false, error: "content_not_found", httpStatus: 404 });
      expect(types.ok).toBe(true);
    });

    it("takes calls by POST too, for request data too long for a URL", async () => {
      const posted: string[] = [];
      const byPost = createTestTrpcClient(t.url, {
        methodOverride: "POST",
        onFetch: (url) => posted.push(url),
      });
      const columns = Array.from({ length: 2_000 }, () => "serialNumber" as const);
      const [list, user] = await Promise.all([
        byPost["equipments.list"].query({ token, equipmentType_id: "et_fix", columns }),
        byPost["users.info"].query({ token, user: "u_fix_1" }),
      ]);
      expect(posted).toHaveLength(1);
      expect(list.equipments.length).toBeGreaterThan(0);
      expect(Object.keys(list.equipments[0]!)).toEqual(["serialNumber"]);
      expect(user.user.id).toBe("u_fix_1");
    });

    it("answers with SVC-Request-ID, SVC-Response-Time and CORS headers, and a pre-flight like /v1's", async () => {
      const input = encodeURIComponent(JSON.stringify({ token }));
      const response = await request(`${t.url}/trpc/resources.list?input=${input}`, {
        dispatcher: insecureAgent,
      });
      const body = (await response.body.json()) as { result: { data: unknown } };
      expect(response.statusCode).toBe(200);
      expect(body.result.data).toEqual({ ok: true, resources: t.fixture.expected.resources });
      expect(response.headers["svc-request-id"]).toMatch(/^[A-Za-z0-9]{20,}$/);
      expect(response.headers["svc-response-time"]).toMatch(/^\d+$/);
      expect(response.headers["access-control-allow-origin"]).toBe("*");
      const preflight = await request(`${t.url}/trpc/resources.list`, {
        method: "OPTIONS",
        headers: { "access-control-request-headers": "content-type" },
        dispatcher: insecureAgent,
      });
      await preflight.body.text();
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers["access-control-allow-methods"]).toBe("GET, POST, OPTIONS");
      expect(preflight.headers["access-control-allow-headers"]).toBe("content-type");
    });

    it("answers a path that names no procedure as api_method_not_found, and leaves /v1 as it was", async () => {
      const response = await request(`${t.url}/trpc/nope.list`, { dispatcher: insecureAgent });
      const { error } = (await response.body.json()) as { error: { message: string; data: object } };
      expect(response.statusCode).toBe(404);
      expect(error.data).toMatchObject({ code: "NOT_FOUND", httpStatus: 404, error: "api_method_not_found" });
      // /v1 does not know /trpc: the same name under /v1 is still its own method.
      const v1 = await callMethod(t.url, "POST", "resources.list", { token });
      expect(v1.status).toBe(200);
      expect(v1.headers["content-type"]).toBe("application/json; charset=utf-8");
    });
  });
});
