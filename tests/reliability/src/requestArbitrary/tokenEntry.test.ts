import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testFixture } from "./testFixture.js";
import { tokenEntry } from "./tokenEntry.js";

describe(tokenEntry, () => {
  const entries = fc.sample(tokenEntry(testFixture), { seed: 1, numRuns: 2000 });

  it("sends alpha's read token in about two requests of three", () => {
    const alpha = entries.filter((entry) => entry?.[1] === testFixture.tokens.alphaRead).length;
    expect(alpha / entries.length).toBeGreaterThan(0.55);
    expect(alpha / entries.length).toBeLessThan(0.75);
  });

  it("sends every other fixture token, near misses, and sometimes no token at all", () => {
    const { tokens } = testFixture;
    const sent = new Set(entries.map((entry) => entry?.[1]));
    for (const token of [tokens.betaRead, tokens.alphaInactive, tokens.alphaWriteOnly, tokens.gammaRead, ""])
      expect(sent).toContain(token);
    expect(sent).toContain(` ${tokens.alphaRead}`);
    expect(sent).toContain(undefined);
  });

  it("names every entry token", () => {
    expect(entries.every((entry) => entry === undefined || entry[0] === "token")).toBe(true);
  });
});
