import { describe, expect, it } from "vitest";
import { plannedVersion } from "./plannedVersion.js";

describe(plannedVersion, () => {
  it.each([
    ["0.1.0", [], "0.1.0"],
    ["0.1.0", ["minor", "patch"], "0.2.0"],
    ["0.1.0", ["major", "minor"], "1.0.0"],
    ["1.0.0", ["patch"], "1.0.1"],
    ["1.4.2", ["patch", "minor", "none"], "1.5.0"],
    ["1.4.2", ["major"], "2.0.0"],
  ] as const)(
    "releases %s with %j as %s, once by the highest bump, as changesets does",
    (current, bumps, next) => {
      expect(plannedVersion(current, bumps)).toBe(next);
    },
  );

  it("refuses a version it cannot bump", () => {
    expect(() => plannedVersion("1.0.0-next.1", ["patch"])).toThrow(/MAJOR\.MINOR\.PATCH/);
  });
});
