import { describe, expect, it } from "vitest";
import { nodeVersionWords } from "./nodeVersionWords.js";

describe(nodeVersionWords, () => {
  // The client page read "Node (^20.19.0 || ^22.12.0 || >=24.0.0 or newer)".
  it("says the packages' range in words, with no operator left", () => {
    expect(nodeVersionWords("^20.19.0 || ^22.12.0 || >=24.0.0")).toBe(
      "20 from 20.19, 22 from 22.12, or 24 and newer",
    );
  });

  it("says a single part, a patch release and a whole major", () => {
    expect(nodeVersionWords(">=20.19")).toBe("20.19 and newer");
    expect(nodeVersionWords("^22.12.1")).toBe("22 from 22.12.1");
    expect(nodeVersionWords("^22.0.0 || >=24")).toBe("22, or 24 and newer");
  });

  it("refuses a form it has no words for", () => {
    expect(() => nodeVersionWords("20.x")).toThrow('engines.node: no words for the range part "20.x"');
  });
});
