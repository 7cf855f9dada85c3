import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contract } from "../contract.js";
import type { JsonModel } from "../jsonText.js";
import { requestData } from "./requestData.js";
import { testFixture } from "./testFixture.js";

const keysOf = (model: JsonModel) =>
  model !== null && typeof model === "object" && "entries" in model ? model.entries.map(([key]) => key) : [];

describe(requestData, () => {
  const samples = fc.sample(requestData("users.info", testFixture), { seed: 1, numRuns: 1000 });

  it("writes an object whose keys are the method's parameters, stray keys and repeats", () => {
    const known = Object.keys(contract.methods["users.info"].params.properties ?? {});
    const keys = samples.flatMap(keysOf);
    for (const parameter of known) expect(keys).toContain(parameter);
    expect(keys.some((key) => !known.includes(key))).toBe(true);
    expect(samples.some((model) => new Set(keysOf(model)).size < keysOf(model).length)).toBe(true);
  });

  it("leaves each parameter out of some requests", () => {
    expect(samples.some((model) => !keysOf(model).includes("user"))).toBe(true);
    expect(samples.some((model) => !keysOf(model).includes("token"))).toBe(true);
  });

  it("puts the token first or last", () => {
    const withToken = samples
      .map(keysOf)
      .filter((keys) => keys.filter((key) => key === "token").length === 1);
    expect(withToken.some((keys) => keys[0] === "token" && keys.length > 1)).toBe(true);
    expect(withToken.some((keys) => keys.at(-1) === "token" && keys.length > 1)).toBe(true);
  });
});
