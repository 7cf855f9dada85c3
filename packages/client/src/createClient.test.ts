import { inspect } from "node:util";
import { thrown } from "@wsafe/test-support";
import { describe, expect, it } from "vitest";
import { createClient } from "./createClient.js";
import { ErrorCode } from "./errors/ErrorCode.js";
import { isWsafeApiError } from "./errors/isWsafeApiError.js";
import { isWsafeError } from "./errors/isWsafeError.js";
import { getMeta, responseMeta } from "./ResponseMeta.js";
import { envelope, fakeFetch, page } from "./testing/fakeFetch.js";

const baseUrl = "https://wsafe.test";
// Any token: the fake fetch answers without checking it (no demo data behind it).
const token = "token-for-a-fake-fetch";

describe(createClient, () => {
  describe("when calling a method", () => {
    it("posts the JSON request data, token included, to {baseUrl}/v1/<method>", async () => {
      const fetch = fakeFetch(envelope({ ok: true, equipments: [] }));
      const client = createClient({ baseUrl, token, fetch });
      await client.equipments.list({ equipmentType_id: "et_harness", columns: ["id"] });
      expect(fetch.calls).toHaveLength(1);
      const [{ url, init }] = fetch.calls as [(typeof fetch.calls)[0]];
      expect(url).toBe("https://wsafe.test/v1/equipments.list");
      expect(init.method).toBe("POST");
      expect(init.headers).toEqual({ "content-type": "application/json; charset=utf-8" });
      expect(JSON.parse(init.body!)).toEqual({ equipmentType_id: "et_harness", columns: ["id"], token });
    });

    it("resolves to the whole success body", async () => {
      const body = { ok: true, user: { id: "u_ada", name: "Ada Lovelace" } };
      const client = createClient({ baseUrl, token, fetch: fakeFetch(envelope(body)) });
      expect(await client.users.info({ user: "u_ada" })).toEqual(body);
    });

    it("sends GET data as the percent-encoded JSON query string, with no header", async () => {
      const fetch = fakeFetch(envelope({ ok: true, user: { id: "1042", name: "Grace" } }));
      const client = createClient({ baseUrl, token, fetch, method: "GET" });
      const params = { user: 1042, pretty: true };
      await client.users.info(params);
      const data = { ...params, token };
      expect(fetch.calls[0]!.url).toBe(
        `https://wsafe.test/v1/users.info?${encodeURIComponent(JSON.stringify(data))}`,
      );
      expect(fetch.calls[0]!.init).toEqual({ method: "GET", headers: {}, signal: expect.any(AbortSignal) });
    });

    it("lets one call switch to GET and keeps POST for the others", async () => {
      const fetch = fakeFetch(envelope({ ok: true, resources: [] }));
      const client = createClient({ baseUrl, token, fetch });
      await client.resources.list({}, { method: "GET" });
      await client.resources.list();
      expect(fetch.calls.map((call) => call.init.method)).toEqual(["GET", "POST"]);
    });

    it("lets a call pass its own token", async () => {
      const fetch = fakeFetch(envelope({ ok: true, resources: [] }));
      const client = createClient({ baseUrl, token, fetch });
      await client.resources.list({ token: "other" });
      expect(JSON.parse(fetch.calls[0]!.init.body!)).toEqual({ token: "other" });
    });

    it("calls a method by wire name with call()", async () => {
      const fetch = fakeFetch(envelope({ ok: true, resources: [] }));
      const client = createClient({ baseUrl: `${baseUrl}/api/`, token, fetch });
      await client.call("resources.list");
      expect(fetch.calls[0]!.url).toBe("https://wsafe.test/api/v1/resources.list");
    });

    it("derives any namespace from the property path, so new schema methods need no client change", async () => {
      const fetch = fakeFetch(envelope({ ok: true }));
      const client = createClient({ baseUrl, token, fetch }) as unknown as Record<
        string,
        Record<string, () => unknown>
      >;
      await client.inspections!.record!();
      expect(fetch.calls[0]!.url).toBe("https://wsafe.test/v1/inspections.record");
    });

    it("is not a thenable, so a namespace can be awaited or returned from an async function", async () => {
      const client = createClient({ baseUrl, token, fetch: fakeFetch() });
      expect((client as unknown as { then?: unknown }).then).toBeUndefined();
      expect((client.equipments as unknown as { then?: unknown }).then).toBeUndefined();
      expect(client.equipments).toBe(client.equipments);
    });

    it("sends no request when printed, stringified or used as a plain function", async () => {
      const fetch = fakeFetch(envelope({ ok: true, user: { id: "u_ada", name: "Ada" } }));
      const client = createClient({ baseUrl, token, fetch });
      JSON.stringify(client);
      String(client);
      String(client.users);
      inspect(client, { depth: 3 });
      expect(typeof client.users.info.bind).toBe("function");
      expect(fetch.calls).toHaveLength(0);
      await client.users.info.call(undefined, { user: "u_ada" });
      expect(fetch.calls).toHaveLength(1);
    });

    it("keeps the default retries for fields left undefined", async () => {
      const fetch = fakeFetch(new TypeError("fetch failed"));
      const client = createClient({
        baseUrl,
        token,
        fetch,
        retries: { maxRetries: undefined, minDelayMs: 1, maxDelayMs: 2 },
      });
      await thrown(client.resources.list());
      expect(fetch.calls).toHaveLength(4);
    });

    it("refuses a client without baseUrl", () => {
      expect(() => createClient({ token } as never)).toThrow(/baseUrl is required/);
    });

    it.each([
      ["no options at all", undefined],
      ["an empty baseUrl", { baseUrl: "", token }],
    ])("says what baseUrl should be when given %s", (_what, options) => {
      expect(() => createClient(options as never)).toThrow(
        new TypeError("createClient: baseUrl is required, e.g. https://wsafe.example.com"),
      );
    });

    it("drops every trailing slash of baseUrl", async () => {
      const fetch = fakeFetch(envelope({ ok: true, resources: [] }));
      await createClient({ baseUrl: `${baseUrl}/api//`, token, fetch }).resources.list();
      expect(fetch.calls[0]!.url).toBe("https://wsafe.test/api/v1/resources.list");
    });
  });

  describe("response meta", () => {
    it("puts the request id and server time on the result, out of its enumerable body", async () => {
      const body = { ok: true, resources: [] };
      const client = createClient({ baseUrl, token, fetch: fakeFetch(envelope(body)) });
      const result = await client.resources.list();
      expect(getMeta(result)).toEqual({
        requestId: "Req0000000000000000001",
        responseTime: 3,
        status: 200,
        attempts: 1,
      });
      expect(result[responseMeta].requestId).toBe("Req0000000000000000001");
      expect(JSON.stringify(result)).toBe(JSON.stringify(body));
    });

    it("reads the headers under a configured prefix", async () => {
      const reply = envelope(
        { ok: true, resources: [] },
        { "ACME-Request-ID": "acme1", "ACME-Response-Time": "12" },
      );
      const client = createClient({ baseUrl, token, fetch: fakeFetch(reply), headerPrefix: "ACME" });
      expect(getMeta(await client.resources.list())).toMatchObject({ requestId: "acme1", responseTime: 12 });
    });

    // The header is integer milliseconds (decisions.md); what a proxy left empty or
    // rewrote is no server time, where `Number` read "" as 0 and "0x10" as 16.
    it("gives no server time, rather than 0, NaN or a guess, for a header that is missing or not whole milliseconds", async () => {
      const body = JSON.stringify({ ok: true, resources: [] });
      const headers = ["3ms", "", " ", "0x10", "Infinity", "1e3", "-2", "1.5"];
      const fetch = fakeFetch(
        new Response(body, { status: 200 }),
        ...headers.map((time) => new Response(body, { status: 200, headers: { "SVC-Response-Time": time } })),
      );
      const client = createClient({ baseUrl, token, fetch });
      const noServerTime = { requestId: undefined, responseTime: undefined, status: 200, attempts: 1 };
      for (const _ of [undefined, ...headers])
        expect(getMeta(await client.resources.list())).toEqual(noServerTime);
    });

    it("reads whole milliseconds, 0 included", async () => {
      const body = JSON.stringify({ ok: true, resources: [] });
      const fetch = fakeFetch(
        ...["0", "17", "1234"].map(
          (time) => new Response(body, { status: 200, headers: { "SVC-Response-Time": time } }),
        ),
      );
      const client = createClient({ baseUrl, token, fetch });
      const times = [];
      for (let i = 0; i < 3; i++) times.push(getMeta(await client.resources.list())?.responseTime);
      expect(times).toEqual([0, 17, 1234]);
    });
  });

  describe("when the service answers ok: false", () => {
    it("throws a WsafeApiError with the identifier, description, request id and method", async () => {
      const fetch = fakeFetch(
        envelope({ ok: false, error: "content_not_found", description: "user not found: u_x" }),
      );
      const client = createClient({ baseUrl, token, fetch });
      const error = await thrown(client.users.info({ user: "u_x" }));
      expect(isWsafeApiError(error, "users.info")).toBe(true);
      expect(error).toMatchObject({
        name: "WsafeApiError",
        code: ErrorCode.ApiError,
        method: "users.info",
        error: "content_not_found",
        description: "user not found: u_x",
        requestId: "Req0000000000000000001",
        retryAfter: undefined,
        meta: { requestId: "Req0000000000000000001", responseTime: 3, status: 200, attempts: 1 },
      });
      expect((error as Error).message).toBe("users.info: content_not_found (user not found: u_x)");
      expect(fetch.calls).toHaveLength(1);
    });

    it("does not match another method's guard", async () => {
      const client = createClient({
        baseUrl,
        token,
        fetch: fakeFetch(envelope({ ok: false, error: "token_invalid" })),
      });
      const error = await thrown(client.resources.list());
      expect(isWsafeApiError(error, "users.info")).toBe(false);
      expect(isWsafeApiError(error)).toBe(true);
      expect(error).toMatchObject({ error: "token_invalid", description: undefined });
    });
  });

  describe("when the reply is not the envelope", () => {
    const noRetry = { retries: false } as const;

    it.each([
      ["a proxy's HTML page", page(502, "<html><body>502 Bad Gateway</body></html>"), 502],
      ["an empty body", new Response("", { status: 200 }), 200],
      ["a truncated body", new Response('{"ok":true,"equipm', { status: 200 }), 200],
      ["a JSON array", new Response("[]", { status: 200 }), 200],
      ["JSON without ok", new Response('{"error":"nope"}', { status: 200 }), 200],
    ])("throws a WsafeTransportError with the status and a snippet for %s", async (_name, reply, status) => {
      const text = await reply.clone().text();
      const client = createClient({ baseUrl, token, fetch: fakeFetch(reply), ...noRetry });
      const error = await thrown(client.resources.list());
      expect(error).toMatchObject({
        name: "WsafeTransportError",
        code: ErrorCode.TransportError,
        method: "resources.list",
        status,
        bodySnippet: text.slice(0, 200),
        meta: { requestId: undefined, status, attempts: 1 },
      });
    });

    it("keeps only the first 200 characters of a long page", async () => {
      const client = createClient({
        baseUrl,
        token,
        fetch: fakeFetch(page(503, "x".repeat(5000))),
        ...noRetry,
      });
      expect(await thrown(client.resources.list())).toMatchObject({ bodySnippet: "x".repeat(200) });
    });

    it("throws a WsafeTransportError without status when the connection fails", async () => {
      const reset = Object.assign(new TypeError("fetch failed"), { cause: new Error("read ECONNRESET") });
      const client = createClient({ baseUrl, token, fetch: fakeFetch(reset), ...noRetry });
      const error = await thrown(client.resources.list());
      expect(error).toMatchObject({
        code: ErrorCode.TransportError,
        status: undefined,
        bodySnippet: undefined,
      });
      expect((error as Error).cause).toBe(reset);
    });

    it("throws a WsafeTransportError with the status when the body breaks off", async () => {
      const broken = {
        status: 200,
        headers: new Headers({ "SVC-Request-ID": "r9" }),
        text: () => Promise.reject(new TypeError("terminated")),
      };
      const client = createClient({ baseUrl, token, fetch: fakeFetch(broken), ...noRetry });
      expect(await thrown(client.resources.list())).toMatchObject({
        code: ErrorCode.TransportError,
        status: 200,
        meta: { requestId: "r9" },
      });
    });
  });

  describe("response validation", () => {
    it("is off by default: a reply outside the schema is returned as it is", async () => {
      const client = createClient({ baseUrl, token, fetch: fakeFetch(envelope({ ok: true, user: 42 })) });
      expect(await client.users.info({ user: "u_ada" })).toEqual({ ok: true, user: 42 });
    });

    it("throws a WsafeValidationError when the validator finds issues", async () => {
      const issues = [{ path: "user", message: "expected object" }];
      const client = createClient({
        baseUrl,
        token,
        fetch: fakeFetch(envelope({ ok: true, user: 42 })),
        validateResponses: (method, body) =>
          method === "users.info" && (body as { user: unknown }).user === 42 ? issues : [],
      });
      const error = await thrown(client.users.info({ user: "u_ada" }));
      expect(isWsafeError(error, "users.info")).toBe(true);
      expect(error).toMatchObject({ code: ErrorCode.ValidationError, issues, method: "users.info" });
    });
  });
});
