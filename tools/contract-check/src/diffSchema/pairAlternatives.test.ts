import { describe, expect, it } from "vitest";
import { pairAlternatives } from "./pairAlternatives.js";

const branches = (...schemas: Record<string, unknown>[]) => schemas.map((schema) => ({ schema }));

describe(pairAlternatives, () => {
  it("pairs equal alternatives whatever their order", () => {
    expect(
      pairAlternatives(
        branches({ type: "string" }, { type: "integer" }),
        branches({ type: "integer" }, { type: "string" }),
      ),
    ).toEqual({
      pairs: [
        [0, 1],
        [1, 0],
      ],
      removed: [],
      added: [],
    });
  });

  it("prefers an equal partner to one of the same type", () => {
    expect(
      pairAlternatives(
        branches({ type: "string", minLength: 1 }, { type: "string" }),
        branches({ type: "string" }, { type: "string", minLength: 2 }),
      ),
    ).toEqual({
      pairs: [
        [1, 0],
        [0, 1],
      ],
      removed: [],
      added: [],
    });
  });

  it("prefers a partner of the same type to one whose type overlaps", () => {
    expect(
      pairAlternatives(
        branches({ type: "number" }, { type: "integer" }),
        branches({ type: "integer", minimum: 1 }, { type: "number", minimum: 1 }),
      ),
    ).toEqual({
      pairs: [
        [0, 1],
        [1, 0],
      ],
      removed: [],
      added: [],
    });
  });

  it("pairs integer with number when nothing closer is left", () => {
    expect(pairAlternatives(branches({ type: "integer" }), branches({ type: "number" }))).toEqual({
      pairs: [[0, 0]],
      removed: [],
      added: [],
    });
  });

  it("leaves alternatives of unrelated types as removed and added", () => {
    expect(
      pairAlternatives(
        branches({ type: "string" }, { type: "boolean" }),
        branches({ type: "string" }, { type: "object" }),
      ),
    ).toEqual({ pairs: [[0, 0]], removed: [1], added: [1] });
  });

  it("pairs an alternative of any type with anything typed", () => {
    expect(pairAlternatives(branches({}), branches({ type: "string" }))).toEqual({
      pairs: [[0, 0]],
      removed: [],
      added: [],
    });
  });
});
