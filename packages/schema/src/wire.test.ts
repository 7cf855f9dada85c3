import { describe, expect, it } from "vitest";
import { methods } from "./registry.js";
import {
  headerNames,
  idempotencyKeyParameter,
  keyedWriteMethodNames,
  methodUrlPath,
  requestIdPattern,
  responseHeaders,
  writeMethodNames,
} from "./wire.js";

describe(headerNames, () => {
  it("names the two service headers under the default prefix SVC", () => {
    expect(headerNames()).toEqual({
      requestId: "SVC-Request-ID",
      responseTime: "SVC-Response-Time",
      retryAfter: "Retry-After",
    });
  });

  it("puts a configured prefix on the prefixed headers only", () => {
    expect(headerNames("ACME")).toEqual({
      requestId: "ACME-Request-ID",
      responseTime: "ACME-Response-Time",
      retryAfter: "Retry-After",
    });
  });
});

describe("wire facts", () => {
  it("puts every method under /v1/", () => {
    expect(methodUrlPath("users.info")).toBe("/v1/users.info");
  });

  it("accepts request ids of 20+ letters and digits only", () => {
    expect(requestIdPattern.test("a".repeat(20))).toBe(true);
    expect(requestIdPattern.test("a".repeat(19))).toBe(false);
    expect(requestIdPattern.test(`${"a".repeat(20)}-`)).toBe(false);
  });

  it("describes every header", () => {
    for (const header of Object.values(responseHeaders))
      expect(header.description.length).toBeGreaterThan(10);
  });
});

describe("writeMethodNames", () => {
  it("names exactly the registry's methods that need the write permission", () => {
    expect([...writeMethodNames].sort()).toEqual(
      Object.values(methods)
        .filter((method) => method.permission === "write")
        .map((method) => method.name)
        .sort(),
    );
  });
});

describe("keyedWriteMethodNames", () => {
  it("names exactly the registry's write methods whose parameters take an idempotency key", () => {
    expect([...keyedWriteMethodNames].sort()).toEqual(
      Object.values(methods)
        .filter((method) => method.permission === "write" && idempotencyKeyParameter in method.params.shape)
        .map((method) => method.name)
        .sort(),
    );
    expect(keyedWriteMethodNames.length).toBeGreaterThan(0);
  });
});
