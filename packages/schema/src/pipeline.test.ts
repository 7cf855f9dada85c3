import { describe, expect, it } from "vitest";
import * as z from "zod";
import { requestEnvelopeShape } from "./envelope.js";
import { errorIdentifiers } from "./errors.js";
import {
  methodErrorsFor,
  prettyFromCheck,
  requestCheckIds,
  requestChecks,
  unforeseenError,
} from "./pipeline.js";
import { methods } from "./registry.js";

const onlyEnvelope = z.strictObject({ ...requestEnvelopeShape });
const withRequired = z.strictObject({ ...requestEnvelopeShape, user: z.string() });

describe("requestChecks", () => {
  it("names each check once, the URL check first and the method's lookups last", () => {
    expect(new Set(requestCheckIds).size).toBe(requestChecks.length);
    expect(requestChecks[0]).toMatchObject({
      id: "method_path",
      scope: "url",
      errors: ["api_method_not_found"],
    });
    expect(requestChecks.at(-1)).toMatchObject({ id: "method_lookups", errors: [] });
    expect(requestChecks.slice(1).every((check) => check.scope === "method")).toBe(true);
  });

  it("answers every identifier but server_error and the methods' own somewhere, in the order errors.ts lists them", () => {
    const answered = requestChecks.flatMap((check) => check.errors);
    // What the methods' own lookups answer: every method's own errors.
    const own = [
      ...Object.values(methods).flatMap((method) => method.ownErrors),
      unforeseenError,
    ] as string[];
    expect([...new Set(answered)]).toEqual(errorIdentifiers.filter((error) => !own.includes(error)));
  });

  it("puts the token before the rate limit, and the rate limit before permission and parameters", () => {
    const at = (id: string) => requestCheckIds.indexOf(id as never);
    expect(at("token_known")).toBeLessThan(at("token_active"));
    expect(at("token_active")).toBeLessThan(at("account_active"));
    expect(at("account_active")).toBeLessThan(at("rate_limit"));
    expect(at("rate_limit")).toBeLessThan(at("permission"));
    expect(at("permission")).toBeLessThan(at("parameters"));
  });

  it("honours pretty from the first check after the request data is decoded", () => {
    expect(requestCheckIds[requestCheckIds.indexOf("request_data") + 1]).toBe(prettyFromCheck);
  });
});

describe(methodErrorsFor, () => {
  it("lists every method check's identifiers in pipeline order, the method's own, then server_error", () => {
    expect(methodErrorsFor(withRequired, ["content_not_found"])).toEqual([
      "request_method_invalid",
      "request_data_invalid",
      "token_missing",
      "token_invalid",
      "token_inactive",
      "account_inactive",
      "rate_limit_exceeded",
      "token_permission",
      "parameter_unexpected",
      "parameter_missing",
      "parameter_invalid",
      "content_not_found",
      "server_error",
    ]);
  });

  it("leaves parameter_missing out when only the token is required (its absence is token_missing)", () => {
    const errors = methodErrorsFor(onlyEnvelope, []);
    expect(errors).not.toContain("parameter_missing");
    expect(errors).toContain("parameter_invalid");
    expect(errors.at(-1)).toBe("server_error");
  });

  it("is how every registry method got its list", () => {
    for (const method of Object.values(methods)) {
      expect(method.errors).toEqual(
        methodErrorsFor(method.params, method.ownErrors, method.requiresOneOf !== undefined),
      );
    }
  });
});
