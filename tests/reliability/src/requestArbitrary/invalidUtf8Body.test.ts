import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { invalidUtf8Body } from "./invalidUtf8Body.js";
import { testFixture } from "./testFixture.js";

describe(invalidUtf8Body, () => {
  const cases = fc.sample(invalidUtf8Body(testFixture, fc.constant("/v1/users.info")), {
    seed: 1,
    numRuns: 200,
  });

  it("posts the good data with bytes that are not UTF-8 in its last string", () => {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    for (const c of cases) {
      expect(c).toMatchObject({ method: "POST", query: undefined, label: "POST invalid UTF-8" });
      const body = Buffer.from(c.body!);
      expect(body.subarray(0, 20).toString()).toBe('{"token":"rel-alpha-');
      expect(body.subarray(-2).toString()).toBe('"}');
      expect(() => decoder.decode(body)).toThrow(TypeError);
    }
  });

  it("varies the content type", () => {
    expect(new Set(cases.map((c) => c.contentType)).size).toBeGreaterThan(5);
  });
});
