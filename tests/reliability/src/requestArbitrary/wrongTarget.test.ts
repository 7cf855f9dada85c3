import { methodNames } from "@wsafe/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testFixture } from "./testFixture.js";
import { wrongTarget } from "./wrongTarget.js";

describe(wrongTarget, () => {
  const cases = fc.sample(wrongTarget(testFixture), { seed: 1, numRuns: 600 });
  const methodPaths = new Set(methodNames.map((m) => `/v1/${m}`));

  it("sends GET and POST only to URLs that name no method", () => {
    const unknown = cases.filter((c) => c.label === "unknown method URL");
    expect(unknown.length).toBeGreaterThan(0);
    for (const c of unknown) {
      expect(["GET", "POST"]).toContain(c.method);
      expect(methodPaths.has(c.path)).toBe(false);
    }
  });

  it("sends other HTTP methods, mostly to real method URLs, never a body with HEAD or TRACE", () => {
    const verbs = cases.filter((c) => c.label.endsWith(" request"));
    expect(new Set(verbs.map((c) => c.method)).size).toBe(9);
    expect(verbs.filter((c) => methodPaths.has(c.path)).length).toBeGreaterThan(verbs.length / 2);
    for (const c of verbs.filter((c) => c.method === "HEAD" || c.method === "TRACE"))
      expect(c.body).toBeUndefined();
  });
});
