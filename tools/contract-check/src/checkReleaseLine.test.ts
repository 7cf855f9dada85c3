import { describe, expect, it } from "vitest";
import { checkReleaseLine } from "./checkReleaseLine.js";

describe(checkReleaseLine, () => {
  it("lets /v1 be released as 0.x before its first release, and as 1.x", () => {
    for (const version of ["0.2.0", "1.0.0", "1.7.3"])
      expect(checkReleaseLine({ released: "v1", next: "v1", version })).toEqual({
        newLine: false,
        breakingAllowed: false,
        failures: [],
      });
  });

  it("refuses a major release that serves the same line", () => {
    const verdict = checkReleaseLine({ released: "v1", next: "v1", version: "2.0.0" });
    expect(verdict.breakingAllowed).toBe(false);
    expect(verdict.failures).toEqual([expect.stringContaining("2.0.0 would be released serving /v1")]);
  });

  it("allows breaking differences only as the move to /v2 released as 2.0.0", () => {
    expect(checkReleaseLine({ released: "v1", next: "v2", version: "2.0.0" })).toEqual({
      newLine: true,
      breakingAllowed: true,
      failures: [],
    });
    const minor = checkReleaseLine({ released: "v1", next: "v2", version: "1.5.0" });
    expect(minor.breakingAllowed).toBe(false);
    expect(minor.failures).toEqual([expect.stringContaining("needs a major changeset, releasing 2.0.0")]);
  });

  it("refuses skipping a line, or a move whose version is unknown", () => {
    expect(checkReleaseLine({ released: "v1", next: "v3", version: "3.0.0" })).toMatchObject({
      breakingAllowed: false,
      failures: [expect.stringContaining("the next line is /v2")],
    });
    expect(checkReleaseLine({ released: "v1", next: "v2" })).toMatchObject({
      breakingAllowed: false,
      failures: [expect.stringContaining("the version is unknown")],
    });
    expect(checkReleaseLine({ released: "v1", next: "v1" }).failures).toEqual([]);
  });

  it("refuses a contract version that is not vN", () => {
    expect(checkReleaseLine({ released: "v1", next: "2024-01", version: "1.0.0" }).failures).toEqual([
      expect.stringContaining("must read vN"),
    ]);
  });
});
