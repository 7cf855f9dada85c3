import { describe, expect, it } from "vitest";
import { methods } from "./registry.js";
import {
  headerNames,
  idempotencyKeyParameter,
  isWriteMethod,
  keyedWriteMethodNames,
  methodUrlPath,
  readMethodVerbs,
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

describe(isWriteMethod, () => {
  it("tells a read by the last word of its name, and anything else as a write", () => {
    for (const verb of readMethodVerbs) {
      expect(isWriteMethod(`things.${verb}`)).toBe(false);
      expect(isWriteMethod(`some.things.${verb}`)).toBe(false);
      // The whole last word: a write whose verb only starts or ends like a read's.
      expect(isWriteMethod(`things.${verb}s`)).toBe(true);
      expect(isWriteMethod(`things.re${verb}`)).toBe(true);
      expect(isWriteMethod(`${verb}.things`)).toBe(true);
    }
    expect(
      ["equipments.create", "schedules.set", "defects.resolve", "webhooks.rotate_secret"].map(isWriteMethod),
    ).toEqual([true, true, true, true]);
  });

  it("is the registry's permission of every method, and each write takes idempotency_key", () => {
    for (const method of Object.values(methods)) {
      expect(isWriteMethod(method.name), method.name).toBe(method.permission === "write");
      expect(idempotencyKeyParameter in method.params.shape, method.name).toBe(method.permission === "write");
    }
  });
});

describe("writeMethodNames and keyedWriteMethodNames (deprecated)", () => {
  it("name write methods of the registry, each of which takes a key", () => {
    expect(writeMethodNames.length).toBeGreaterThan(0);
    expect(keyedWriteMethodNames).toEqual(writeMethodNames);
    for (const name of writeMethodNames) {
      expect(isWriteMethod(name)).toBe(true);
      expect(Object.values(methods).find((method) => method.name === name)?.permission).toBe("write");
    }
  });
});
