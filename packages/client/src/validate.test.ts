import { methods } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { createClient } from "./createClient.js";
import { ErrorCode } from "./errors/ErrorCode.js";
import { envelope, fakeFetch } from "./testing/fakeFetch.js";
import { validateResponse } from "./validate.js";

describe(validateResponse, () => {
  it.each(
    Object.values(methods).flatMap((method) =>
      method.examples.map(
        (example) => [`${method.name}: ${example.title}`, method.name, example.response] as const,
      ),
    ),
  )("accepts the schema's example %s", (_title, method, response) => {
    expect(validateResponse(method, response)).toEqual([]);
  });

  it("names the path of a field that breaks the result schema", () => {
    expect(validateResponse("users.info", { ok: true, user: { id: "u_ada" } })).toEqual([
      { path: "user.name", message: expect.any(String) },
    ]);
  });

  it("flags an identifier the method does not answer with", () => {
    expect(
      validateResponse("resources.list", {
        ok: false,
        error: "content_not_found",
        description: "not found",
      }),
    ).toEqual([{ path: "error", message: "resources.list does not answer content_not_found" }]);
  });

  // The server answers a token without read permission so on every method; the lists
  // once left it out, and validation turned that real reply into a validation error.
  it.each(Object.keys(methods))("accepts token_permission from %s, as the server answers it", (method) => {
    const reply = {
      ok: false,
      error: "token_permission",
      description: "the token lacks the read permission",
    };
    expect(validateResponse(method, reply)).toEqual([]);
  });

  it("flags an identifier that is not in the contract", () => {
    expect(
      validateResponse("users.info", { ok: false, error: "invalid_token", description: "invalid token" }),
    ).toEqual([{ path: "error", message: expect.any(String) }]);
  });

  it("flags an unknown method", () => {
    expect(validateResponse("users.list", { ok: true })).toEqual([
      { path: "(root)", message: "unknown method: users.list" },
    ]);
  });

  it("turns a reply that breaks the contract into a WsafeValidationError when switched on", async () => {
    const fetch = fakeFetch(envelope({ ok: true, resources: [{ id: "res_1" }] }));
    const client = createClient({
      baseUrl: "https://wsafe.test",
      token: "t",
      fetch,
      validateResponses: validateResponse,
    });
    await expect(client.resources.list()).rejects.toMatchObject({
      code: ErrorCode.ValidationError,
      issues: expect.arrayContaining([{ path: "resources[0].title", message: expect.any(String) }]),
    });
  });

  it("lets a valid failure through as the API error", async () => {
    const fetch = fakeFetch(envelope({ ok: false, error: "token_invalid", description: "unknown token" }));
    const client = createClient({
      baseUrl: "https://wsafe.test",
      token: "t",
      fetch,
      validateResponses: validateResponse,
    });
    await expect(client.users.info({ user: "u" })).rejects.toMatchObject({
      code: ErrorCode.ApiError,
      error: "token_invalid",
    });
  });
});
