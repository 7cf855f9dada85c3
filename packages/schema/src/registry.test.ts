import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { errorResponseSchema } from "./envelope.js";
import { errorIdentifiers } from "./errors.js";
import { inspectionRecordProblem, inspectionsListProblem } from "./methods/inspectionRules.js";
import { registerParamsProblem, registerWriteMethods } from "./methods/registerRules.js";
import { isMethodName, methodNames, methods } from "./registry.js";
import { readPublishedSchema, strictAjv } from "./testing/ajv.js";

const cases = Object.values(methods).flatMap((method) =>
  method.examples.map((example) => ({ name: method.name, method, example, title: example.title })),
);

describe("method registry", () => {
  it("names every method by its wire name", () => {
    for (const [key, method] of Object.entries(methods)) expect(method.name).toBe(key);
    expect(methodNames).toEqual(Object.keys(methods));
    // camelCase segments, or snake_case where an action is two words (`webhooks.rotate_secret`).
    for (const name of methodNames) expect(name).toMatch(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*(_[a-z]+)*)+$/);
  });

  it("answers isMethodName only for own registry keys", () => {
    expect(isMethodName("users.info")).toBe(true);
    expect(isMethodName("constructor")).toBe(false);
    expect(isMethodName("__proto__")).toBe(false);
    expect(isMethodName("users.list")).toBe(false);
  });

  it.each(Object.values(methods))("$name has a summary, a description and a success example", (method) => {
    expect(method.summary.length).toBeGreaterThan(10);
    expect(method.description.length).toBeGreaterThan(method.summary.length);
    expect(method.examples.some((example) => example.response.ok)).toBe(true);
  });

  it.each(Object.values(methods))(
    "$name declares exactly the errors its parameters can produce",
    (method) => {
      const shape = (method.params as z.ZodObject).shape;
      const errors: readonly string[] = method.errors;
      const required = Object.entries(shape).filter(
        ([key, field]) => key !== "token" && !(field as z.ZodType).safeParse(undefined).success,
      );
      // A method that requires one of a few parameters misses one when none is sent.
      expect(errors.includes("parameter_missing")).toBe(
        required.length > 0 || method.requiresOneOf !== undefined,
      );
      // Every method accepts `pretty` at least, so a value can always be invalid, and a key always unexpected.
      expect(method.errors).toContain("parameter_invalid");
      expect(method.errors).toContain("parameter_unexpected");
      // A token may lack the permission a method needs (a dataset may hold a write-only
      // token), so every method can answer token_permission.
      expect(method.errors).toContain("token_permission");
      // A URL that names the method cannot be api_method_not_found.
      expect(method.errors).not.toContain("api_method_not_found");
      // Listed in pipeline order.
      const order = method.errors.map((error) => errorIdentifiers.indexOf(error));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    },
  );
});

describe("registry examples", () => {
  it.each(cases)(
    "$name: $title - request and response agree with the schema (zod and ajv)",
    ({ name, method, example }) => {
      const requestValid = method.params.safeParse(example.request).success;
      expect(requestValid).toBe(readValidator(`${name}.params`)(example.request));
      if (example.response.ok) {
        expect(requestValid).toBe(true);
        expect(method.result.parse(example.response)).toEqual(example.response);
        expect(readValidator(`${name}.result`)(example.response)).toBe(true);
      } else {
        const failure = errorResponseSchema.parse(example.response);
        expect(method.errors).toContain(failure.error);
        expect(readValidator("ErrorResponse")(example.response)).toBe(true);
        // A parameter failure is one the schema sees too, except those that need more than
        // the data: whether a cursor belongs to the walk (the store: its signature, its
        // account), whether a webhook's URL reaches a public address (the network), and
        // the rules between parameters or on the request's instant, which the schema's
        // rule functions say, and whether a metavalue's key is a metafield of the type (the store).
        const beyondSchema =
          ["cursor:", "url:", "metavalues."].some((parameter) => failure.description?.includes(parameter)) ||
          rulesBeyondSchema[name]?.(example.request as never)?.description === failure.description;
        if (failure.error.startsWith("parameter_") && !beyondSchema) expect(requestValid).toBe(false);
      }
    },
  );
});

const rulesBeyondSchema: Partial<Record<string, (request: never) => { description: string } | undefined>> = {
  "inspections.record": (request) => inspectionRecordProblem(request, Date.now()),
  "inspections.list": inspectionsListProblem,
  ...Object.fromEntries(
    registerWriteMethods.map((name) => [
      name,
      (request: Record<string, unknown>) => registerParamsProblem(name, request),
    ]),
  ),
};

function readValidator(name: string) {
  return strictAjv().compile(readPublishedSchema(name as never));
}

describe("paginated methods", () => {
  const paginated = Object.values(methods).filter(
    (method) => Object.hasOwn(method.params.shape, "cursor") && !("feed" in method),
  );

  it("say how they walk exactly when they take limit and cursor, unless they answer a feed", () => {
    for (const method of Object.values(methods)) {
      const takesCursor = Object.hasOwn(method.params.shape, "cursor");
      expect(Object.hasOwn(method.params.shape, "limit"), method.name).toBe(takesCursor);
      // A feed's cursor never ends and binds no filter: it is not a walk of pages.
      const feed = "feed" in method;
      expect(method.pagination !== undefined, method.name).toBe(takesCursor && !feed);
      if (feed) expect(takesCursor, method.name).toBe(true);
    }
    expect(paginated.map((method) => method.name).sort()).toEqual([
      "equipmentTypes.list",
      "equipments.list",
      "events.list",
      "inspections.list",
      "resources.list",
      "webhooks.deliveries",
    ]);
  });

  it("order by fields of their records, ending with the unique id, and bind walks to real parameters", () => {
    for (const method of paginated) {
      const { order, filters, instant } = method.pagination!;
      expect(order.at(-1), method.name).toBe("id");
      for (const filter of filters)
        expect(Object.hasOwn(method.params.shape, filter), `${method.name} ${filter}`).toBe(true);
      if (instant) expect(filters).toContain(instant);
    }
  });

  // The server keeps a walk's instant only when its parameter parses to a number (ms since
  // the epoch); a parameter of another type would be dropped silently and the walk read at
  // each page's own now.
  it("bind their instant to a parameter that parses to milliseconds since the epoch", () => {
    const bound = paginated.filter((method) => method.pagination!.instant !== undefined);
    expect(bound.map((method) => method.name)).toEqual(["equipments.list"]);
    for (const method of bound) {
      const shape: Record<string, z.ZodType> = method.params.shape;
      const parameter = shape[method.pagination!.instant!]!;
      expect(parameter.safeParse(1_700_000_000_000)).toEqual({ success: true, data: 1_700_000_000_000 });
      for (const other of ["2026-01-01", 1.5, "1700000000000"])
        expect(parameter.safeParse(other).success, `${method.name} ${String(other)}`).toBe(false);
    }
  });
});
