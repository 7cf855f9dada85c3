// Pins the words `expectedValue` says a field takes ("an integer (ms since the epoch) or
// null", `one of "read", "write"`), which end every "must be …, got …" problem.
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { describeProblems } from "./describeProblems.js";
import { expectedValue } from "./expectedValue.js";

const when = "When it happened. Milliseconds since the Unix epoch.";

describe(expectedValue, () => {
  it("names each JSON kind in words", () => {
    expect(expectedValue(z.string())).toBe("a string");
    expect(expectedValue(z.number())).toBe("a number");
    expect(expectedValue(z.int())).toBe("an integer");
    expect(expectedValue(z.boolean())).toBe("true or false");
    expect(expectedValue(z.array(z.string()))).toBe("a list");
    expect(expectedValue(z.object({ id: z.string() }))).toBe("an object");
    expect(expectedValue(z.null())).toBe("null");
  });

  // A metavalues map is an object in the file, whatever zod calls it.
  it("calls a record an object", () => {
    expect(expectedValue(z.record(z.string(), z.number()))).toBe("an object");
  });

  it("lists the words an enum allows", () => {
    expect(expectedValue(z.enum(["read", "write"]))).toBe('one of "read", "write"');
  });

  it("quotes the value a literal allows, or each of them", () => {
    expect(expectedValue(z.literal("file"))).toBe('"file"');
    expect(expectedValue(z.literal(["passed", "failed"]))).toBe('"passed" or "failed"');
    expect(expectedValue(z.literal(1))).toBe("1");
  });

  it("says when a number is a timestamp, wherever its description sits", () => {
    expect(expectedValue(z.int().describe(when))).toBe("an integer (ms since the epoch)");
    expect(expectedValue(z.int().nullable().describe(when))).toBe("an integer (ms since the epoch) or null");
    expect(expectedValue(z.int().describe(when).optional())).toBe("an integer (ms since the epoch)");
    expect(expectedValue(z.int().describe(when).nullable().optional())).toBe(
      "an integer (ms since the epoch) or null",
    );
    expect(expectedValue(z.int().describe("How many times it happened."))).toBe("an integer");
  });

  it("adds null to what a nullable field takes", () => {
    expect(expectedValue(z.string().nullable())).toBe("a string or null");
    expect(expectedValue(z.array(z.int()).nullish())).toBe("a list or null");
  });

  // `z.null().nullable()` takes null and nothing else: "null or null" would say it twice.
  it("says null once for a nullable null", () => {
    expect(expectedValue(z.null().nullable())).toBe("null");
  });

  it("joins the options of a union into one sentence", () => {
    expect(expectedValue(z.union([z.number(), z.string(), z.object({ item_ids: z.array(z.int()) })]))).toBe(
      "a number, a string or an object",
    );
    expect(expectedValue(z.union([z.string(), z.null()]))).toBe("a string or null");
    expect(expectedValue(z.union([z.string()]))).toBe("a string");
  });

  // No JSON value is a bigint or a date: zod's own name for the kind is the best there is.
  it("names a kind it has no words for by zod's name for it", () => {
    expect(expectedValue(z.bigint())).toBe("bigint");
    expect(expectedValue(z.date().nullable())).toBe("date or null");
  });
});

// The contract's `instant()` describes the integer and makes the field optional around it.
it("words an optional timestamp of request data as a timestamp", () => {
  expect(
    describeProblems("inspections.record.params", {
      token: "tok_1",
      equipment_id: "eq_1",
      schedule_id: "s_1",
      result: "passed",
      inspector_id: "u_1",
      performed_at: "today",
    }),
  ).toEqual([
    {
      path: "performed_at",
      record: "",
      message: '`performed_at` must be an integer (ms since the epoch), got "today"',
    },
  ]);
});
