import { describe, expect, it } from "vitest";
import { isPageRequested } from "./isPageRequested.js";

describe(isPageRequested, () => {
  it("asks for a page when the request sends limit, cursor or both", () => {
    expect(isPageRequested({ limit: 10 })).toBe(true);
    expect(isPageRequested({ cursor: "v1.x.y" })).toBe(true);
    expect(isPageRequested({ limit: 1, cursor: "v1.x.y" })).toBe(true);
  });

  it("asks for the whole list when it sends neither", () => {
    expect(isPageRequested({})).toBe(false);
    expect(isPageRequested({ limit: undefined, cursor: undefined })).toBe(false);
  });
});
