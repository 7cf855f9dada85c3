// Pins the sentence `issueWording` makes of each kind of zod issue: the field named, what
// it must be in a person's words, and the value found ("`limit` must be at most 1000,
// got 5000"). Unknown fields and keys are in issueWording.keys.test.ts.
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { formatIssuePath } from "../formatIssuePath.js";
import { describeProblems } from "./describeProblems.js";
import { issueWording, receivedValue } from "./issueWording.js";
import { schemaAt } from "./schemaAt.js";
import { valueAt } from "./valueAt.js";

/** The words of each issue of `payload`, a record whose fields are named by their path in it. */
function wordsOf(schema: z.ZodType, payload: unknown): string[] {
  const result = schema.safeParse(payload);
  return (result.error?.issues ?? []).map((issue) =>
    issueWording(issue, {
      value: valueAt(payload, issue.path),
      field: issue.path.length === 0 ? "" : formatIssuePath(issue.path),
      schema: schemaAt(schema, issue.path),
    }),
  );
}

/** The messages `describeProblems` gives request data of `equipments.list`. */
const listParamsProblems = (params: object) =>
  describeProblems("equipments.list.params", { token: "tok_1", equipmentType_id: "et_1", ...params }).map(
    (problem) => problem.message,
  );

describe(receivedValue, () => {
  it("quotes a string and writes a number, true or null as JSON does", () => {
    expect(receivedValue("yesterday")).toBe('"yesterday"');
    expect(receivedValue(1.5)).toBe("1.5");
    expect(receivedValue(false)).toBe("false");
    expect(receivedValue(null)).toBe("null");
  });

  it("names a list or an object instead of printing it", () => {
    expect(receivedValue(["a", "b"])).toBe("a list");
    expect(receivedValue({ id: "u_1" })).toBe("an object");
  });

  it("says undefined for a value that is not there", () => {
    expect(receivedValue(undefined)).toBe("undefined");
  });

  it("quotes at most 40 characters of a string", () => {
    expect(receivedValue("x".repeat(50))).toBe(`"${"x".repeat(40)}… (10 more characters)"`);
  });
});

describe("a value of the wrong kind", () => {
  it("says what the document itself must be, even when nothing was sent", () => {
    expect(describeProblems("Dataset", undefined).map((problem) => problem.message)).toEqual([
      "the document must be an object, got undefined",
    ]);
  });

  // An object in a list is a record of its own, even in a list of ids.
  it("calls a record that should have been a plain value the record", () => {
    const issue = z.array(z.string()).safeParse([{ id: "fo_1" }]).error!.issues[0]!;
    expect(issueWording(issue, { value: { id: "fo_1" }, field: "", schema: z.string() })).toBe(
      "the record must be a string, got an object",
    );
  });

  // A field's own schema parsed alone gives issues at the path []: the field still names them.
  it("names the field it is told about, whatever the issue's own path", () => {
    const issue = z.string().safeParse(1).error!.issues[0]!;
    expect(issueWording(issue, { value: 1, field: "notes", schema: z.string() })).toBe(
      "`notes` must be a string, got 1",
    );
  });

  // Inside a discriminated union zod reports the option's own paths, which `schemaAt`
  // cannot follow: the words come from what zod expected.
  it("says what zod expected where the field's schema is unknown", () => {
    const answer = z.object({
      answer: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("text"), text: z.string(), score: z.union([z.string(), z.number()]) }),
        z.object({ kind: z.literal("items"), item_ids: z.array(z.int()), none: z.null(), done: z.boolean() }),
      ]),
    });
    expect(wordsOf(answer, { answer: { kind: "text", text: 1, score: true } })).toEqual([
      "`answer.text` must be a string, got 1",
      // No schema says which values the union takes: its options' own issues do.
      "`answer.score` must be a string or a number, got true",
    ]);
    expect(wordsOf(answer, { answer: { kind: "items", item_ids: "1", none: 0, done: "yes" } })).toEqual([
      '`answer.item_ids` must be a list, got "1"',
      "`answer.none` must be null, got 0",
      '`answer.done` must be true or false, got "yes"',
    ]);
  });
});

describe("a value out of bounds", () => {
  it("gives a number's bounds and the number found", () => {
    expect(listParamsProblems({ limit: 0 })).toEqual(["`limit` must be at least 1, got 0"]);
    expect(listParamsProblems({ limit: 5000 })).toEqual(["`limit` must be at most 1000, got 5000"]);
  });

  it("says more than or less than for a bound the number may not equal", () => {
    const reading = z.object({ celsius: z.number().gt(-273.15).lt(1000) });
    expect(wordsOf(reading, { celsius: -273.15 })).toEqual([
      "`celsius` must be more than -273.15, got -273.15",
    ]);
    expect(wordsOf(reading, { celsius: 1000 })).toEqual(["`celsius` must be less than 1000, got 1000"]);
  });

  it("gives a string's bounds in characters and its length", () => {
    const code = z.object({ code: z.string().min(2).max(3), initial: z.string().max(1) });
    expect(wordsOf(code, { code: "ABCDE", initial: "A" })).toEqual([
      "`code` must be at most 3 characters long, got 5",
    ]);
    expect(wordsOf(code, { code: "A", initial: "AB" })).toEqual([
      "`code` must be at least 2 characters long, got 1",
      "`initial` must be at most 1 character long, got 2",
    ]);
  });

  it("gives a list's bounds in values", () => {
    const team = z.object({
      members: z.array(z.string()).min(2).max(3),
      lead: z.array(z.string()).min(1).max(1),
    });
    expect(wordsOf(team, { members: ["u_1"], lead: [] })).toEqual([
      "`members` must list at least 2 values",
      "`lead` must list at least 1 value",
    ]);
    expect(wordsOf(team, { members: ["u_1", "u_2", "u_3", "u_4"], lead: ["u_1", "u_2"] })).toEqual([
      "`members` must list at most 3 values",
      "`lead` must list at most 1 value",
    ]);
  });

  it("gives the step a number must be a multiple of", () => {
    expect(wordsOf(z.object({ quantity: z.number().multipleOf(5) }), { quantity: 7 })).toEqual([
      "`quantity` must be a multiple of 5, got 7",
    ]);
  });
});

describe("a value the field does not take", () => {
  it("quotes the one value a field takes", () => {
    expect(
      describeProblems("Version", {
        creator_id: "u_1",
        created: 1,
        approvedOn: 1,
        version: "1.0",
        description: "First.",
        type: "folder",
      }),
    ).toEqual([{ path: "type", record: "", message: '`type` must be "file", got "folder"' }]);
  });

  it("names the format a string must have", () => {
    expect(wordsOf(z.object({ email: z.email() }), { email: "ada" })).toEqual([
      '`email` must be a valid email, got "ada"',
    ]);
  });

  it("says a pattern's rule in the schema's own words, or shows the pattern, never calls it a regex", () => {
    const key = z
      .string()
      .regex(/^[\x20-\x7E]+$/, { error: "must be printable ASCII characters (space to ~)" });
    expect(wordsOf(z.object({ key }), { key: "é" })).toEqual([
      '`key` must be printable ASCII characters (space to ~), got "é"',
    ]);
    expect(wordsOf(z.object({ version: z.string().regex(/^\d+(\.\d+)*$/) }), { version: "v2" })).toEqual([
      '`version` must match the pattern /^\\d+(\\.\\d+)*$/, got "v2"',
    ]);
  });
});

describe("a value out of a union whose schema is unknown", () => {
  const answer = z.object({
    answer: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("text"), grade: z.union([z.literal("A"), z.literal("B")]) }),
      z.object({ kind: z.literal("items"), item: z.union([z.string(), z.object({ id: z.int() })]) }),
    ]),
  });

  it("lists the discriminator's values", () => {
    expect(wordsOf(answer, { answer: { kind: "photo" } })).toEqual([
      '`answer.kind` must be one of "text", "items", got "photo"',
    ]);
  });

  it("names each option's literal value", () => {
    expect(wordsOf(answer, { answer: { kind: "text", grade: "C" } })).toEqual([
      '`answer.grade` must be "A" or "B", got "C"',
    ]);
  });

  // An option that failed inside the value (an object with a bad field) says nothing of
  // the value as a whole.
  it("joins an option's own list of values with the others", () => {
    const reading = z.object({
      reading: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("gauge"), level: z.union([z.enum(["low", "high"]), z.number()]) }),
      ]),
    });
    expect(wordsOf(reading, { reading: { kind: "gauge", level: "mid" } })).toEqual([
      '`reading.level` must be "low" or "high" or a number, got "mid"',
    ]);
  });

  it("says a value that fits several forms of an exclusive union must fit one", () => {
    const code = z.object({ code: z.xor([z.string().max(4), z.string().regex(/^[A-Z]+$/)]) });
    expect(wordsOf(code, { code: "AB" })).toEqual([
      '`code` must match exactly one of its forms, got "AB", which matches 2',
    ]);
  });

  it("falls back to zod's expectation when an option failed deeper", () => {
    expect(wordsOf(answer, { answer: { kind: "items", item: { id: "1" } } })).toEqual([
      "`answer.item` must be something else, got an object",
    ]);
  });
});

describe("the schema's own words for a built-in check", () => {
  it("follow the field for any kind of issue, not only a pattern", () => {
    const inspection = z.object({
      notes: z.string().max(5, { error: "must fit on a label (5 characters)" }),
      count: z.int({ error: "must be a whole number of inspections" }),
      result: z.enum(["pass", "fail"], { error: "must be pass or fail, as the inspector wrote it" }),
    });
    expect(wordsOf(inspection, { notes: "too long", count: 1.5, result: "ok" })).toEqual([
      '`notes` must fit on a label (5 characters), got "too long"',
      "`count` must be a whole number of inspections, got 1.5",
      '`result` must be pass or fail, as the inspector wrote it, got "ok"',
    ]);
  });

  it("still say a missing field is missing", () => {
    const schema = z.object({ count: z.int({ error: "must be a whole number of inspections" }) });
    expect(wordsOf(schema, {})).toEqual(["required field `count` missing"]);
  });

  // A service that set zod's French locale or its own error map gets our wording, not
  // zod's French put after the field name: only a schema's own words are kept.
  it("are told apart from zod's words in any locale or error map", () => {
    const schema = z.object({ limit: z.int().min(1) });
    try {
      z.config(z.locales.fr());
      expect(wordsOf(schema, { limit: 0 })).toEqual(["`limit` must be at least 1, got 0"]);
      z.config({ customError: (issue) => `custom: ${issue.code}` });
      expect(wordsOf(schema, { limit: 0 })).toEqual(["`limit` must be at least 1, got 0"]);
      // An error map may answer `{ message }`, or nothing for zod's locale to word.
      z.config({ customError: (issue) => ({ message: `custom: ${issue.code}` }) });
      expect(wordsOf(schema, { limit: 0 })).toEqual(["`limit` must be at least 1, got 0"]);
      z.config({ customError: () => null, ...z.locales.de() });
      expect(wordsOf(schema, { limit: 0 })).toEqual(["`limit` must be at least 1, got 0"]);
      // No map at all: zod says "Invalid input" of everything.
      z.config({ customError: undefined, localeError: undefined });
      expect(wordsOf(schema, { limit: 0 })).toEqual(["`limit` must be at least 1, got 0"]);
    } finally {
      z.config({ customError: undefined, ...z.locales.en() });
    }
    expect(schema.safeParse({ limit: 0 }).error?.issues[0]?.message).toBe(
      "Too small: expected number to be >=1",
    );
  });
});

describe("a rule of the schema's own", () => {
  const period = z
    .object({ from: z.int(), to: z.int() })
    .refine((value) => value.from <= value.to, { message: "must not be before `from`", path: ["to"] })
    .refine((value) => value.to - value.from < 1000, { message: "a period lasts less than 1000 ms" });

  it("gives its message after the field it is about, or alone for the record", () => {
    expect(wordsOf(period, { from: 2, to: 1 })).toEqual(["`to`: must not be before `from`"]);
    expect(wordsOf(period, { from: 0, to: 5000 })).toEqual(["a period lasts less than 1000 ms"]);
  });
});
