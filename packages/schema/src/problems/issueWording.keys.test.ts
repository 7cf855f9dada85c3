// Pins how `issueWording` words keys that should not be there: unknown fields, with the
// known field a typo most likely meant ("did you mean `expiresOn`?"), and record keys
// that break the key's rule ("`metavalues` has an empty key").
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { formatIssuePath } from "../formatIssuePath.js";
import { issueWording } from "./issueWording.js";
import { schemaAt, unwrapSchema } from "./schemaAt.js";
import { valueAt } from "./valueAt.js";

/**
 * The words of each issue of `payload`, a record whose fields are named by their path in
 * it, with the field names of the object at the path as `describeProblems` gives them.
 */
function wordsOf(schema: z.ZodType, payload: unknown): string[] {
  const result = schema.safeParse(payload);
  return (result.error?.issues ?? []).map((issue) => {
    const fieldSchema = schemaAt(schema, issue.path);
    const shape = fieldSchema && (unwrapSchema(fieldSchema).inner._zod.def as { shape?: object }).shape;
    return issueWording(issue, {
      value: valueAt(payload, issue.path),
      field: issue.path.length === 0 ? "" : formatIssuePath(issue.path),
      schema: fieldSchema,
      knownKeys: shape ? Object.keys(shape) : undefined,
    });
  });
}

const schedule = z.strictObject({
  schedule_id: z.string(),
  expiresOn: z.int().nullable(),
  expiringOn: z.int().nullable(),
  lastCompletedOn: z.int().nullable(),
});
const dates = { schedule_id: "s_1", expiresOn: null, expiringOn: null, lastCompletedOn: null };

describe("an unknown field", () => {
  it("names it, and the field it most likely meant", () => {
    expect(wordsOf(schedule, { ...dates, colour: "red" })).toEqual(["unknown field `colour`"]);
    expect(wordsOf(schedule, { ...dates, ExpiresOn: 1 })).toEqual([
      "unknown field `ExpiresOn` (did you mean `expiresOn`?)",
    ]);
  });

  // Two letters left out or changed is a typo; three is another word.
  it("suggests a field at most two edits away", () => {
    expect(wordsOf(schedule, { ...dates, expiresOm: 1 })).toEqual([
      "unknown field `expiresOm` (did you mean `expiresOn`?)",
    ]);
    expect(wordsOf(schedule, { ...dates, expires: 1 })).toEqual([
      "unknown field `expires` (did you mean `expiresOn`?)",
    ]);
    expect(wordsOf(schedule, { ...dates, expire: 1 })).toEqual(["unknown field `expire`"]);
  });

  it("lists several in one problem, each with its own suggestion", () => {
    expect(wordsOf(schedule, { ...dates, colour: "red", expires: 1 })).toEqual([
      "unknown fields `colour`, `expires` (did you mean `expiresOn`?)",
    ]);
  });

  it("says which object it is in when that is not the record itself", () => {
    const account = z.object({ settings: z.strictObject({ timezone: z.string() }) });
    expect(wordsOf(account, { settings: { timezone: "UTC", timeZone: "UTC" } })).toEqual([
      "unknown field `timeZone` (did you mean `timezone`?) in `settings`",
    ]);
  });

  // Inside a discriminated union the fields of the object are not known to `schemaAt`.
  it("suggests nothing where the object's fields are unknown", () => {
    const answer = z.object({
      answer: z.discriminatedUnion("kind", [z.strictObject({ kind: z.literal("text"), text: z.string() })]),
    });
    expect(wordsOf(answer, { answer: { kind: "text", text: "", txet: "" } })).toEqual([
      "unknown field `txet` in `answer`",
    ]);
  });

  it("quotes at most 40 characters of a key", () => {
    expect(wordsOf(schedule, { ...dates, ["k".repeat(45)]: 1 })).toEqual([
      `unknown field \`${"k".repeat(40)}… (5 more characters)\``,
    ]);
  });
});

describe("a record key its rule refuses", () => {
  const labels = z.record(
    z
      .string()
      .min(1)
      .regex(/^[a-z_]+$/),
    z.string(),
  );

  it("names the record and quotes the key", () => {
    const document = z.object({ labels });
    expect(wordsOf(document, { labels: { Title: "x" } })).toEqual([
      '`labels` has a key that is not allowed: "Title"',
    ]);
    expect(wordsOf(document, { labels: { "two words": "x" } })).toEqual([
      '`labels` has a key that is not allowed: "two words"',
    ]);
  });

  it("names a record inside objects and records by its whole path", () => {
    expect(
      wordsOf(z.object({ settings: z.object({ labels }) }), { settings: { labels: { Title: "x" } } }),
    ).toEqual(['`settings.labels` has a key that is not allowed: "Title"']);
    expect(
      wordsOf(z.object({ translations: z.record(z.string(), labels) }), {
        translations: { "en-GB": { Title: "x" } },
      }),
    ).toEqual(['`translations["en-GB"]` has a key that is not allowed: "Title"']);
  });

  // "" breaks both the length and the pattern: being empty is what to fix.
  it("calls an empty key empty", () => {
    expect(wordsOf(z.object({ labels }), { labels: { "": "x" } })).toEqual(["`labels` has an empty key"]);
  });

  it("quotes a key that is too short but not empty", () => {
    const codes = z.object({ codes: z.record(z.string().min(3), z.string()) });
    expect(wordsOf(codes, { codes: { ab: "x" } })).toEqual(['`codes` has a key that is not allowed: "ab"']);
  });
});
