import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BODY_LIMIT } from "../oracle.js";
import { sizeLimit } from "./sizeLimit.js";
import { testFixture } from "./testFixture.js";

describe(sizeLimit, () => {
  const cases = fc.sample(sizeLimit(testFixture), { seed: 1, numRuns: 60 });

  // The string padding comes out one byte longer than `over` says (limit + 1 to + 3): kept
  // as it is, so that a seed keeps replaying the same requests; both sides of the limit are sent.
  it("posts bodies at the limit and just over it, labelled with their size", () => {
    const sizes = cases.map((c) => c.body!.length);
    expect(Math.min(...sizes)).toBe(BODY_LIMIT);
    expect(Math.max(...sizes)).toBe(BODY_LIMIT + 3);
    for (const c of cases)
      expect(c.label).toMatch(new RegExp(`^POST ${c.body!.length}-byte body \\((spaces|string)\\)$`));
  });

  it("keeps the padded text a JSON object that carries the token", () => {
    for (const c of cases.slice(0, 6)) {
      const parsed = JSON.parse(Buffer.from(c.body!).toString("utf8"));
      expect(parsed.token).toBe(testFixture.tokens.alphaRead);
    }
  });
});
