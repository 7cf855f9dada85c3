import { describe, expect, it } from "vitest";
import { formatIssuePath } from "./formatIssuePath.js";

describe(formatIssuePath, () => {
  it("joins identifiers with dots and indexes with brackets", () => {
    expect(formatIssuePath(["equipments", 12, "schedules", 0, "expiresOn"])).toBe(
      "equipments[12].schedules[0].expiresOn",
    );
  });

  it("starts with an index when the path does", () => {
    expect(formatIssuePath([3, "id"])).toBe("[3].id");
  });

  it("quotes a key that is not an identifier, wherever it stands", () => {
    expect(formatIssuePath(["metavalues", "serial number"])).toBe('metavalues["serial number"]');
    expect(formatIssuePath(["a-b"])).toBe('["a-b"]');
    // Not an identifier at its start or at its end: the pattern is anchored on both sides.
    expect(formatIssuePath(["x", "1abc"])).toBe('x["1abc"]');
    expect(formatIssuePath(["x", "abc!"])).toBe('x["abc!"]');
    expect(formatIssuePath(["x", ""])).toBe('x[""]');
  });

  it("quotes a symbol key by its description", () => {
    expect(formatIssuePath(["x", Symbol("s")])).toBe('x["Symbol(s)"]');
  });

  it("names the root when the path is empty", () => {
    expect(formatIssuePath([])).toBe("(root)");
  });
});
