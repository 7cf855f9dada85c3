import {
  createPgliteDatabase,
  type InProcessServer,
  loadServer,
  type ScratchDatabase,
  type ServerModule,
  thrown,
} from "@wsafe/test-support";
import { Agent, fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/createClient.js";
import { ErrorCode } from "../src/errors/ErrorCode.js";
import { isWsafeApiError } from "../src/errors/isWsafeApiError.js";
import type { FetchLike } from "../src/FetchLike.js";
import { getMeta } from "../src/ResponseMeta.js";
import { validateResponse } from "../src/validate.js";

// The server is built by its own package; until its dist exists these tests skip, loudly.
const { server } = await loadServer("@wsafe/client: real-server tests");
// The demo dataset's tokens, from the server that imports them.
const tokens = (server?.demoTokens ?? {}) as ServerModule["demoTokens"];

// The server's certificate is self-signed for localhost: trust it for these tests only.
const dispatcher = new Agent({ connect: { rejectUnauthorized: false } });
const insecureFetch: FetchLike = (url, init) => undiciFetch(url, { ...init, dispatcher });

describe.skipIf(!server)("against the real server", () => {
  let https: InProcessServer;
  let db: ScratchDatabase | undefined;

  beforeAll(async () => {
    // A copy of the demo template store: the server finds the demo there, nothing to import.
    db = await createPgliteDatabase("client-server", { template: "demo" });
    https = await server!.startServer({ port: 0, database: db.database, demo: true });
  }, 60_000);
  afterAll(async () => {
    await https?.close();
    await db?.drop();
  });

  const client = (options: { token?: string; method?: "POST" | "GET" } = {}) =>
    createClient({
      baseUrl: https.url,
      token: options.token ?? tokens.read,
      method: options.method ?? "POST",
      fetch: insecureFetch,
      // Every reply is checked against the contract on the way.
      validateResponses: validateResponse,
      retries: false,
    });

  describe.each(["POST", "GET"] as const)("over HTTPS with %s", (method) => {
    it("lists the resources of the account", async () => {
      const result = await client({ method }).resources.list();
      expect(result.ok).toBe(true);
      expect(result.resources.length).toBeGreaterThan(0);
      const sequences = result.resources.map((resource) => resource.sequence);
      expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    });

    it("gives the request id and server time of every result", async () => {
      const meta = getMeta(await client({ method }).resources.list());
      expect(meta.requestId).toMatch(/^[A-Za-z0-9]{20,}$/);
      expect(Number.isInteger(meta.responseTime)).toBe(true);
      expect(meta).toMatchObject({ status: 200, attempts: 1 });
    });

    it("looks a user up by string and by numeric id", async () => {
      expect(await client({ method }).users.info({ user: "u_ada" })).toEqual({
        ok: true,
        user: { id: "u_ada", name: "Ada Lovelace" },
      });
      expect((await client({ method }).users.info({ user: 1042 })).user).toEqual({
        id: "1042",
        name: "Grace Hopper",
      });
    });

    it("returns exactly the requested columns of the equipment", async () => {
      const { equipments } = await client({ method }).equipments.list({
        equipmentType_id: "et_harness",
        columns: ["status", "id"],
        service_type: "all",
      });
      expect(equipments.length).toBeGreaterThan(0);
      for (const equipment of equipments) expect(Object.keys(equipment)).toEqual(["id", "status"]);
    });

    it("returns whole records without columns", async () => {
      const { equipments } = await client({ method }).equipments.list({ equipmentType_id: "et_harness" });
      expect(equipments.every((equipment) => equipment.isInService)).toBe(true);
      expect(equipments[0]).toHaveProperty("schedules");
    });

    it("calls by wire name", async () => {
      expect((await client({ method }).call("users.info", { user: "u_ada" })).user.name).toBe("Ada Lovelace");
    });

    // Every failure the pipeline produces for a client request, first check first (`requestChecks` of `@wsafe/schema`).
    it.each([
      ["token_missing", () => client({ method }).resources.list({ token: "" })],
      ["token_invalid", () => client({ method, token: "wsafe-no-such-token" }).resources.list()],
      ["token_inactive", () => client({ method, token: tokens.revoked }).resources.list()],
      ["account_inactive", () => client({ method, token: tokens.inactiveAccount }).resources.list()],
      ["parameter_unexpected", () => client({ method }).resources.list({ sort: "title" } as never)],
      ["parameter_missing", () => client({ method }).equipments.list({} as never)],
      [
        "parameter_invalid",
        () =>
          client({ method }).equipments.list({
            equipmentType_id: "et_harness",
            service_type: "both" as never,
          }),
      ],
      ["content_not_found", () => client({ method }).users.info({ user: "u_nobody" })],
      [
        "content_not_found",
        () =>
          client({ method, token: tokens.read }).equipments.list({ equipmentType_id: "et_other_account" }),
      ],
    ])("throws a WsafeApiError %s with description and request id", async (identifier, call) => {
      const error = await thrown(call());
      expect(isWsafeApiError(error)).toBe(true);
      expect(error).toMatchObject({
        code: ErrorCode.ApiError,
        error: identifier,
        description: expect.any(String),
        requestId: expect.stringMatching(/^[A-Za-z0-9]{20,}$/),
        meta: { status: 200, attempts: 1 },
      });
    });

    it("throws api_method_not_found for a method the server does not have", async () => {
      // Validation off: the method is not in the contract, so the validator would flag it first.
      const plain = createClient({ baseUrl: https.url, token: tokens.read, method, fetch: insecureFetch });
      const untyped = plain as unknown as Record<string, Record<string, () => Promise<unknown>>>;
      // A name the contract has never had (inspections.record stood here until it was added).
      expect(await thrown(untyped.inspections!.amend!())).toMatchObject({
        code: ErrorCode.ApiError,
        method: "inspections.amend",
        error: "api_method_not_found",
      });
    });
  });

  describe("failures a fetch in the middle provokes", () => {
    it("throws request_method_invalid when something turns the request into a PUT", async () => {
      const put: FetchLike = (url, init) => insecureFetch(url, { ...init, method: "PUT" });
      const api = createClient({ baseUrl: https.url, token: tokens.read, fetch: put, retries: false });
      expect(await thrown(api.resources.list())).toMatchObject({ error: "request_method_invalid" });
    });

    it("throws request_data_invalid when the body is not a JSON object", async () => {
      const mangle: FetchLike = (url, init) => insecureFetch(url, { ...init, body: "[1,2]" });
      const api = createClient({ baseUrl: https.url, token: tokens.read, fetch: mangle, retries: false });
      expect(await thrown(api.resources.list())).toMatchObject({ error: "request_data_invalid" });
    });

    it("throws a WsafeTransportError for a self-signed certificate it was not told to trust", async () => {
      const api = createClient({ baseUrl: https.url, token: tokens.read, retries: false });
      expect(await thrown(api.resources.list())).toMatchObject({
        code: ErrorCode.TransportError,
        status: undefined,
      });
    });
  });
});
