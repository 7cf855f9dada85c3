import { describe, expectTypeOf, it } from "vitest";
import type { EventRow, EventRowColumn } from "./eventRowSql.js";

describe("an event row", () => {
  it("names exactly the columns every reader selects, then sequence (and a page's run)", () => {
    expectTypeOf<Exclude<keyof EventRow, "run">>().toEqualTypeOf<EventRowColumn | "sequence">();
  });
});
