import { afterEach, describe, expect, it } from "vitest";
import * as z from "zod";
import { requestEnvelopeShape, successEnvelope } from "../envelope.js";
import * as schema from "../index.js";
import { methodNames, methods } from "../registry.js";
import { isWriteMethod } from "../wire.js";
import { defineMethod } from "./defineMethod.js";
import { idempotencyKeyLifetimeMs, idempotencyKeySchema, idempotencyKeyShape } from "./idempotencyKey.js";

const writes = Object.values(methods).filter((method) => method.permission === "write");
const reads = Object.values(methods).filter((method) => method.permission === "read");

// Schemas a test gives an id: taken out of zod's global registry again, so that the
// OpenAPI document (made from every schema with an id) never meets them.
const registered: z.ZodType[] = [];
afterEach(() => {
  for (const schema of registered.splice(0)) z.globalRegistry.remove(schema);
});

/** A write method as the next issue's author writes one: no word of a key in it. */
function aNewWriteMethod() {
  const params = z
    .strictObject({ ...requestEnvelopeShape, name: z.string().min(1).describe("The thing's name.") })
    .meta({ id: "ThingsMakeParamsUnderTest", description: "Request data of `things.make`." });
  const method = defineMethod({
    name: "things.make",
    summary: "Makes a thing, for this test only.",
    description: "Makes a thing of the account.",
    permission: "write",
    params,
    result: successEnvelope({ id: z.string() }),
    ownErrors: ["limit_reached"],
    examples: [
      {
        title: "A thing",
        request: { token: "t", name: "a", idempotency_key: "k" },
        response: { ok: true, id: "x" },
      },
    ],
  });
  registered.push(params, method.params);
  return { params, method };
}

describe(defineMethod, () => {
  it("gives a new write method idempotency_key and idempotency_key_reused, written nowhere in it", () => {
    const { method } = aNewWriteMethod();
    expect(Object.keys(method.params.shape)).toEqual(["token", "pretty", "name", "idempotency_key"]);
    expect(method.params.safeParse({ token: "t", name: "a" }).success).toBe(true);
    expect(method.params.safeParse({ token: "t", name: "a", idempotency_key: "k-1" }).success).toBe(true);
    expect(method.params.safeParse({ token: "t", name: "a", idempotency_key: "" }).success).toBe(false);
    // Still strict: unknown keys are refused.
    expect(method.params.safeParse({ token: "t", name: "a", idempotency: "k" }).success).toBe(false);
    expect(method.ownErrors).toEqual(["limit_reached", "idempotency_key_reused"]);
    expect(method.errors.slice(-3)).toEqual(["limit_reached", "idempotency_key_reused", "server_error"]);
  });

  it("moves the id and words of the method's parameters to the schema the registry holds", () => {
    const { params, method } = aNewWriteMethod();
    expect(method.params.meta()).toEqual({
      id: "ThingsMakeParamsUnderTest",
      description: "Request data of `things.make`.",
    });
    // One schema under one id: the method file's own keeps no id beside it.
    expect(params.meta()).toBeUndefined();
    const json = z.toJSONSchema(method.params) as { $defs: Record<string, { properties: object }> };
    expect(Object.keys(json.$defs.ThingsMakeParamsUnderTest!.properties)).toContain("idempotency_key");
  });

  it("leaves a read method's parameters and errors as written", () => {
    const params = z.strictObject({ ...requestEnvelopeShape });
    const method = defineMethod({
      name: "things.list",
      summary: "Lists things, for this test only.",
      description: "Lists the things of the account.",
      permission: "read",
      params,
      result: successEnvelope({}),
      ownErrors: [],
      examples: [{ title: "Things", request: { token: "t" }, response: { ok: true } }],
    });
    expect(method.params).toBe(params);
    expect(method.ownErrors).toEqual([]);
    expect(method.errors).not.toContain("idempotency_key_reused");
  });

  it("keeps a paginated method's walk, and gives none to a method without one", () => {
    const params = z.strictObject({
      ...requestEnvelopeShape,
      limit: z.int().optional(),
      cursor: z.string().optional(),
    });
    const spec = {
      summary: "Lists things, for this test only.",
      description: "Lists the things of the account, a page at a time.",
      permission: "read" as const,
      params,
      result: successEnvelope({}),
      ownErrors: [],
      examples: [{ title: "Things", request: { token: "t" }, response: { ok: true as const } }],
    };
    const walk = { order: ["created", "id"], filters: [] };
    expect(defineMethod({ ...spec, name: "things.list", pagination: walk }).pagination).toBe(walk);
    expect(defineMethod({ ...spec, name: "stuff.list" })).not.toHaveProperty("pagination");
  });

  it("lists own errors once and in the identifiers' order, whatever the method file wrote", () => {
    const method = defineMethod({
      name: "things.remove",
      summary: "Removes a thing, for this test only.",
      description: "Removes a thing of the account.",
      permission: "write",
      params: z.strictObject({ ...requestEnvelopeShape }),
      result: successEnvelope({}),
      ownErrors: ["idempotency_key_reused", "limit_reached", "content_not_found"],
      examples: [{ title: "Removed", request: { token: "t" }, response: { ok: true } }],
    });
    expect(method.ownErrors).toEqual(["content_not_found", "limit_reached", "idempotency_key_reused"]);
  });
});

describe("the registry's write methods", () => {
  it("are the methods whose names end in no read verb, and there are some of each", () => {
    expect(writes.length).toBeGreaterThan(0);
    expect(reads.length).toBeGreaterThan(0);
    for (const name of methodNames)
      expect(
        methods[name].permission,
        `${name}: a method that only reads ends in .list, .info, .changes or .deliveries (readMethodVerbs of wire.ts); every other needs write and takes idempotency_key`,
      ).toBe(isWriteMethod(name) ? "write" : "read");
  });

  it.each(writes)("$name takes idempotency_key by the rules of every write", (method) => {
    const shape: Record<string, z.ZodType> = method.params.shape;
    expect(Object.keys(shape).at(-1)).toBe("idempotency_key");
    expect(shape.idempotency_key).toBe(idempotencyKeyShape.idempotency_key);
    const key = (value: unknown) => shape.idempotency_key!.safeParse(value).success;
    expect([undefined, "k", "a".repeat(255), " ~", "0d6c1f3e-8a27-4b59-b4e2-9f7a1c3d5e60"].map(key)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["", "a".repeat(256), "é", "a\nb", "\u0000", 5, null].map(key)).toEqual(Array(7).fill(false));
    expect(method.ownErrors).toContain("idempotency_key_reused");
    expect(method.errors).toContain("idempotency_key_reused");
  });

  it.each(reads)("$name, a read, takes no key and never answers idempotency_key_reused", (method) => {
    expect(method.params.shape).not.toHaveProperty("idempotency_key");
    expect(method.errors).not.toContain("idempotency_key_reused");
  });

  it("keep a key 24 hours, as the key's description says", () => {
    expect(idempotencyKeyLifetimeMs).toBe(86_400_000);
    expect(idempotencyKeySchema.description).toContain("unique per account for 24 hours");
  });
});

describe("each method's exported parameters", () => {
  /** `webhooks.rotate_secret` → `webhooksRotateSecretParamsSchema`, as the method files name them. */
  const exportName = (name: string) =>
    `${name.replace(/[._]([a-z])/g, (_, letter: string) => letter.toUpperCase())}ParamsSchema`;

  it.each(methodNames)("%s's are the registry's, idempotency_key and all", (name) => {
    expect(exportName("webhooks.rotate_secret")).toBe("webhooksRotateSecretParamsSchema");
    expect((schema as Record<string, unknown>)[exportName(name)]).toBe(methods[name].params);
  });
});
