import { describe, expect, it } from "vitest";
import { requestDataObject } from "./requestDataObject.js";

const refusal = expect.objectContaining({
  error: "request_data_invalid",
  description: "request data must be a JSON object",
});

describe(requestDataObject, () => {
  it("takes an object of JSON's, or one with no prototype already (what tRPC decoded)", () => {
    for (const input of [{ token: "t" }, Object.assign(Object.create(null), { token: "t" })]) {
      const data = requestDataObject(input);
      expect(data).toBe(input);
      expect(Object.getPrototypeOf(data)).toBeNull();
      expect({ ...data }).toEqual({ token: "t" });
    }
  });

  it("refuses an object of a class, which JSON never decodes to, before changing it", () => {
    for (const input of [new Date(0), new Map(), Buffer.from("{}"), new (class Token {})()]) {
      const prototype = Object.getPrototypeOf(input);
      expect(() => requestDataObject(input)).toThrow(refusal);
      expect(Object.getPrototypeOf(input)).toBe(prototype);
    }
  });

  it("refuses anything but an object", () => {
    for (const input of [null, undefined, 1, "{}", true, [], [{}]])
      expect(() => requestDataObject(input)).toThrow(refusal);
  });

  it("walks objects and arrays at any depth, keeping arrays arrays", () => {
    const data = requestDataObject({ a: [{ b: [{ c: {} }] }], d: { e: null } });
    const a = data.a as [{ b: [{ c: object }] }];
    expect(Object.getPrototypeOf(a)).toBe(Array.prototype);
    expect(Object.getPrototypeOf(a[0].b)).toBe(Array.prototype);
    for (const object of [a[0], a[0].b[0], a[0].b[0].c, data.d])
      expect(Object.getPrototypeOf(object)).toBeNull();
  });
});
