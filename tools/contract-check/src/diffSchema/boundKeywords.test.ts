import { describe, expect, it } from "vitest";
import { diffSchema } from "../diffSchema.js";
import { boundKeywords } from "./boundKeywords.js";

describe("boundKeywords", () => {
  it.each([...boundKeywords.lower, ...boundKeywords.upper])(
    "%s is compared as a bound, never reported as a keyword the gate does not model",
    (keyword) => {
      const rules = diffSchema({ [keyword]: 1 }, { [keyword]: 2 }, { direction: "request", path: "$" }).map(
        (d) => d.rule,
      );
      const stricter = (boundKeywords.lower as readonly string[]).includes(keyword);
      expect(rules).toEqual([stricter ? "request.constraint-tightened" : "request.constraint-loosened"]);
    },
  );
});
