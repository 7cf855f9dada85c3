import * as z from "zod";
import { quoteInput } from "../quoteInput.js";
import { expectedValue } from "./expectedValue.js";

/** What a zod issue is worded from, besides the issue itself. */
export interface IssueContext {
  /** The value at the issue's path (`undefined` when missing). */
  value: unknown;
  /** The path inside the record, `schedules[0].expiresOn`; `""` for the record itself. */
  field: string;
  /** The schema of that value, when the path leads to one. */
  schema: z.core.$ZodType | undefined;
  /** Field names the object at the path knows, for an unknown key. */
  knownKeys?: readonly string[];
}

/** A zod error map's answer as text: maps return a string, `{ message }` or nothing. */
function textOf(answer: unknown): string | undefined {
  if (typeof answer === "string") return answer;
  if (answer !== null && typeof answer === "object" && "message" in answer) return String(answer.message);
  return undefined;
}

/**
 * The words a schema gave this issue itself (its `error` option: `.regex(pattern, { error:
 * "must be printable ASCII characters (space to ~)" })`), or `undefined` when zod worded it.
 * zod keeps no mark of who wrote a message, so the issue's message is compared with what
 * zod's configured maps (a custom map, else the locale) say of the same issue and value,
 * which is also right for a service that set another locale.
 */
function schemasOwnWords(issue: z.core.$ZodIssue, value: unknown): string | undefined {
  const config = z.config();
  const raw = { ...issue, input: value } as unknown as z.core.$ZodRawIssue;
  const zodsWords = textOf(config.customError?.(raw)) ?? textOf(config.localeError?.(raw)) ?? "Invalid input";
  return issue.message === zodsWords ? undefined : issue.message;
}

/** The value a payload held, as a message quotes it: `"yesterday"`, `1.5`, `null`, `a list`. */
export function receivedValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(quoteInput(value, 40));
  if (Array.isArray(value)) return "a list";
  if (value === null || typeof value !== "object") return String(value);
  return "an object";
}

// zod's `expected` when the schema at the path is unknown (inside a union option).
const expectedWords: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  record: "an object",
  null: "null",
};

/**
 * What a union takes, in words, where its schema is unknown (an option of a discriminated
 * union): the discriminator's values zod lists, or each option's own expectation when
 * every option failed on the value itself ("a string or a number"); else `undefined`.
 */
function unionWords(issue: z.core.$ZodIssueInvalidUnion): string | undefined {
  const { options } = issue as { options?: readonly unknown[] };
  if (options?.length) return oneOf(options);
  const words = issue.errors.map((option) => {
    // An option that failed inside the value (a field of an object) says nothing of the whole.
    const only = option[0]?.path.length === 0 ? option[0] : undefined;
    if (only?.code === "invalid_type") return expectedWords[only.expected];
    if (only?.code === "invalid_value") return only.values.map((v) => JSON.stringify(v)).join(" or ");
    return undefined;
  });
  if (words.some((word) => word === undefined)) return undefined;
  return [...new Set(words)].join(" or ");
}

/** `"file"`, or `one of "file", "folder"`: the values a field may take. */
const oneOf = (values: readonly unknown[]) =>
  values.length === 1
    ? JSON.stringify(values[0])
    : `one of ${values.map((v) => JSON.stringify(v)).join(", ")}`;

/** Edit distance of two short names, for "did you mean". */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = row;
  }
  return previous[b.length]!;
}

function suggestion(key: string, known: readonly string[] | undefined): string {
  const lower = key.toLowerCase();
  const close = known?.find(
    (name) => name.toLowerCase() === lower || distance(name.toLowerCase(), lower) <= 2,
  );
  return close === undefined ? "" : ` (did you mean \`${close}\`?)`;
}

const plural = (count: number | bigint, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The message of one zod issue in a person's words, naming the field: "required field
 * \`serialNumber\` missing", "\`created\` must be an integer (ms since the epoch), got
 * \"yesterday\"", "unknown field \`colour\`". zod's own messages ("Invalid input:
 * expected string, received undefined") name the validator's types, not what to write.
 *
 * @param issue - one issue of a failed `safeParse`
 * @param context - the value, field and schema at the issue's path
 * @example
 * issueWording(issue, { value: undefined, field: "serialNumber", schema }); // "required field `serialNumber` missing"
 */
export function issueWording(issue: z.core.$ZodIssue, context: IssueContext): string {
  const { value, field, schema } = context;
  // The payload itself (a secret, a dataset) is the document; an object inside it, the record.
  const subject = field !== "" ? `\`${field}\`` : issue.path.length === 0 ? "the document" : "the record";
  // The schema's own words say its rule as its reader knows it; they are written to follow
  // the field ("must be numbers separated by dots, such as 2.1"). A missing field is still
  // said to be missing, and a refinement's message (`custom`) keeps its own branch below.
  const ownWords = issue.code === "custom" ? undefined : schemasOwnWords(issue, value);
  if (ownWords !== undefined && value !== undefined)
    return `${subject} ${ownWords}, got ${receivedValue(value)}`;
  const expected = () =>
    schema
      ? expectedValue(schema)
      : (expectedWords[String(issue.code === "invalid_type" && issue.expected)] ?? "something else");
  switch (issue.code) {
    case "invalid_type":
      if (value === undefined && field !== "") return `required field \`${field}\` missing`;
      return `${subject} must be ${expected()}, got ${receivedValue(value)}`;
    case "too_small":
      if (issue.origin === "string")
        return issue.minimum === 1
          ? `${subject} must not be empty`
          : `${subject} must be at least ${plural(issue.minimum, "character", "characters")} long, got ${(value as string).length}`;
      if (issue.origin === "array")
        return `${subject} must list at least ${plural(issue.minimum, "value", "values")}`;
      return `${subject} must be ${issue.inclusive ? "at least" : "more than"} ${issue.minimum}, got ${receivedValue(value)}`;
    case "too_big":
      if (issue.origin === "string")
        return `${subject} must be at most ${plural(issue.maximum, "character", "characters")} long, got ${(value as string).length}`;
      if (issue.origin === "array")
        return `${subject} must list at most ${plural(issue.maximum, "value", "values")}`;
      return `${subject} must be ${issue.inclusive ? "at most" : "less than"} ${issue.maximum}, got ${receivedValue(value)}`;
    case "invalid_value":
      return `${subject} must be ${oneOf(issue.values)}, got ${receivedValue(value)}`;
    case "unrecognized_keys": {
      const names = issue.keys.map(
        (key) => `\`${quoteInput(key, 40)}\`${suggestion(key, context.knownKeys)}`,
      );
      const where = field === "" ? "" : ` in \`${field}\``;
      return `unknown field${names.length === 1 ? "" : "s"} ${names.join(", ")}${where}`;
    }
    case "invalid_union":
      // z.xor: the value fits more than one option, where it must fit exactly one.
      if ("matches" in issue)
        return `${subject} must match exactly one of its forms, got ${receivedValue(value)}, which matches ${issue.matches.length}`;
      return `${subject} must be ${schema ? expectedValue(schema) : (unionWords(issue) ?? expected())}, got ${receivedValue(value)}`;
    case "invalid_key": {
      const key = String(issue.path.at(-1));
      const empty = issue.issues.some((inner) => inner.code === "too_small" && inner.minimum === 1);
      const owner = field.replace(/\[[^\]]*\]$|\.[^.[]*$/, "");
      return empty
        ? `\`${owner}\` has an empty key`
        : `\`${owner}\` has a key that is not allowed: ${JSON.stringify(quoteInput(key, 40))}`;
    }
    case "invalid_format":
      // zod names every pattern's format `regex`, which is not what the value should be.
      if (issue.format === "regex")
        return `${subject} must match the pattern ${issue.pattern}, got ${receivedValue(value)}`;
      return `${subject} must be a valid ${issue.format}, got ${receivedValue(value)}`;
    case "not_multiple_of":
      return `${subject} must be a multiple of ${issue.divisor}, got ${receivedValue(value)}`;
    default:
      return field === "" ? issue.message : `${subject}: ${issue.message}`;
  }
}
