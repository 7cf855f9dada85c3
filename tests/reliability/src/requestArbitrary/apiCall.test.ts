import { methodNames } from "@wsafe/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiCall } from "./apiCall.js";
import { testFixture } from "./testFixture.js";

describe(apiCall, () => {
  const cases = fc.sample(apiCall(testFixture), { seed: 1, numRuns: 600 });

  it("calls every method of the registry, labelled with its name", () => {
    expect(new Set(cases.map((c) => c.path))).toEqual(new Set(methodNames.map((m) => `/v1/${m}`)));
    for (const c of cases) expect(c.label.replace(/ with =$/, "")).toBe(`${c.method} ${c.path.slice(4)}`);
  });

  it("carries JSON object text as the data, on either channel", () => {
    for (const c of cases) {
      const text =
        c.method === "GET"
          ? decodeURIComponent(c.query!.replace(/=$/, ""))
          : Buffer.from(c.body!)
              .toString("utf8")
              .replace(/^\ufeff/, "");
      expect(text.startsWith("{") && text.endsWith("}")).toBe(true);
    }
  });
});
