import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/ApiError.js";
import { decodeRequestData } from "./decodeRequestData.js";

const failsWith = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof ApiError ? error.error : "other";
  }
  return "none";
};

describe(decodeRequestData, () => {
  it("reads any JSON object back, from a GET query string and from a POST body", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const text = JSON.stringify(object);
        const expected = JSON.parse(text);
        expect({ ...decodeRequestData("GET", encodeURIComponent(text), undefined) }).toEqual(expected);
        expect({ ...decodeRequestData("POST", "", Buffer.from(text)) }).toEqual(expected);
      }),
    );
  });

  it("keeps __proto__ as a plain own key that never reaches a prototype", () => {
    const data = decodeRequestData(
      "POST",
      "",
      Buffer.from('{"__proto__":{"polluted":true},"a":{"__proto__":1}}'),
    );
    expect(Object.keys(data)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(data)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("gives every nested object a null prototype, inside arrays too", () => {
    const data = decodeRequestData("POST", "", Buffer.from('{"a":[{"b":{"c":1}}],"d":{"__proto__":[]}}'));
    const a = data.a as [{ b: object }];
    for (const object of [data, a[0], a[0].b, data.d]) expect(Object.getPrototypeOf(object)).toBeNull();
    expect(Array.isArray(a)).toBe(true);
    expect(Object.keys(data.d as object)).toEqual(["__proto__"]);
  });

  it("answers request_data_invalid, not a crash, for data nested too deeply to walk", () => {
    // Within 1 MiB, and deeper than the stack allows for a recursive walk.
    const deep = `{"a":${"[".repeat(500_000)}${"]".repeat(500_000)}}`;
    expect(() => decodeRequestData("POST", "", Buffer.from(deep))).toThrow(
      expect.objectContaining({
        error: "request_data_invalid",
        description: "request data is nested too deeply",
      }),
    );
  });

  it("treats absent and empty data as {}", () => {
    expect({ ...decodeRequestData("GET", "", undefined) }).toEqual({});
    expect({ ...decodeRequestData("POST", "", undefined) }).toEqual({});
    expect({ ...decodeRequestData("POST", "", Buffer.alloc(0)) }).toEqual({});
  });

  it("gives absent and empty data no prototype either, so `__proto__` and `constructor` are never inherited", () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", undefined],
      ["POST", Buffer.alloc(0)],
      ["POST", Buffer.from("\uFEFF")],
    ] as const) {
      const data = decodeRequestData(method, "", body);
      expect(Object.getPrototypeOf(data), `${method} ${body?.length}`).toBeNull();
      expect(Object.keys(data)).toEqual([]);
      expect("constructor" in data).toBe(false);
    }
  });

  it("treats only JSON white space as empty, never other Unicode spaces", () => {
    expect(decodeRequestData("GET", "%20%0A%09%0D", undefined)).toEqual({});
    expect(decodeRequestData("POST", "", Buffer.from(" \r\n\t"))).toEqual({});
    for (const space of ["\u00a0", "\u2028", "\u3000", "\ufeff\u00a0"]) {
      expect(() => decodeRequestData("GET", encodeURIComponent(space), undefined)).toThrow(
        expect.objectContaining({ error: "request_data_invalid" }),
      );
      expect(() => decodeRequestData("POST", "", Buffer.from(space))).toThrow(
        expect.objectContaining({ error: "request_data_invalid" }),
      );
    }
  });

  it("tolerates a UTF-8 BOM in a POST body", () => {
    expect({ ...decodeRequestData("POST", "", Buffer.from('\uFEFF{"a":1}')) }).toEqual({ a: 1 });
  });

  it.each([
    ["GET", "%E0%A4%A", undefined],
    ["GET", encodeURIComponent("[1]"), undefined],
    ["GET", "{", undefined],
    ["POST", "", Buffer.from("null")],
    ["POST", "", Buffer.from('"x"')],
    ["POST", "", Buffer.from([0xff, 0xfe])],
  ] as const)("refuses %s %s %s with request_data_invalid", (method, query, body) => {
    expect(failsWith(() => decodeRequestData(method, query, body))).toBe("request_data_invalid");
  });

  // What the caller reads is the description: each refusal says which of its faults it is.
  it.each([
    ["GET", "%E0%A4%A", undefined, "query string is not valid percent-encoding"],
    ["GET", "{", undefined, "request data is not valid JSON"],
    ["GET", encodeURIComponent("[1]"), undefined, "request data must be a JSON object"],
    ["POST", "", Buffer.from([0xff, 0xfe]), "request body is not valid UTF-8"],
    ["POST", "", Buffer.from('{"a":'), "request data is not valid JSON"],
    ["POST", "", Buffer.from("null"), "request data must be a JSON object"],
  ] as const)("refuses %s %s %s saying %j", (method, query, body, description) => {
    expect(() => decodeRequestData(method, query, body)).toThrow(
      expect.objectContaining({ error: "request_data_invalid", description }),
    );
  });

  it("keeps arrays arrays: only objects lose their prototype", () => {
    const data = decodeRequestData("POST", "", Buffer.from('{"a":[[{"b":1}],2]}'));
    const a = data.a as [[object], number];
    expect(Object.getPrototypeOf(a)).toBe(Array.prototype);
    expect(Object.getPrototypeOf(a[0])).toBe(Array.prototype);
    expect(Object.getPrototypeOf(a[0][0])).toBeNull();
  });

  // Prism's proxy forwards `?%7B...%7D` as `?%7B...%7D=`: it reads the JSON as a
  // parameter name with an empty value. A JSON text never ends with `=`.
  describe("when a proxy added one = after the GET query string", () => {
    it("reads any JSON object followed by one =, encoded or not, as that object", () => {
      fc.assert(
        fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
          const query = encodeURIComponent(JSON.stringify(object));
          const expected = JSON.parse(JSON.stringify(object));
          expect({ ...decodeRequestData("GET", `${query}=`, undefined) }).toEqual(expected);
          expect({ ...decodeRequestData("GET", `${query}%3D`, undefined) }).toEqual(expected);
        }),
      );
    });

    it("keeps the = of a POST body an error: no proxy rewrites a body as a form", () => {
      expect(failsWith(() => decodeRequestData("POST", "", Buffer.from('{"a":1}=')))).toBe(
        "request_data_invalid",
      );
    });

    it.each([
      ["= alone", "="],
      ["two =", `${encodeURIComponent('{"a":1}')}==`],
      ["an array followed by =", `${encodeURIComponent("[1]")}=`],
      ["a string followed by =", `${encodeURIComponent('"x"')}=`],
      ["white space followed by =", "%20="],
      ["= before the object", `=${encodeURIComponent('{"a":1}')}`],
      ["a form pair", "token=abc"],
    ])("refuses %s with request_data_invalid", (_title, query) => {
      expect(failsWith(() => decodeRequestData("GET", query, undefined))).toBe("request_data_invalid");
    });
  });
});
