import type * as z from "zod";
import { type SchemaName, schemaCatalog } from "../catalog.js";
import { formatIssuePath } from "../formatIssuePath.js";
import { issueWording } from "./issueWording.js";
import { locateRecord } from "./locateRecord.js";
import type { PayloadProblem } from "./PayloadProblem.js";
import { schemaAt, unwrapSchema } from "./schemaAt.js";
import { valueAt } from "./valueAt.js";

/** Which JSON type a value has, in the words of zod's `def.type`. */
function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** The schema of the value at a path, where it is known. */
type SchemaOf = (path: readonly PropertyKey[]) => z.core.$ZodType | undefined;

/**
 * The option of a union that the value was meant for: the only one of the value's JSON
 * type. `{ item_ids: ["x"] }` as a metavalue is an object with a wrong item, not "a
 * number, a string or an object".
 */
function meantOption(issue: z.core.$ZodIssue, schema: z.core.$ZodType | undefined, value: unknown) {
  if (issue.code !== "invalid_union" || !schema || value === null || typeof value !== "object")
    return undefined;
  const { inner } = unwrapSchema(schema);
  const options = (inner._zod.def as unknown as { options?: z.core.$ZodType[] }).options ?? [];
  const kinds = options.map((option) => {
    const type = (unwrapSchema(option).inner._zod.def as unknown as { type: string }).type;
    return type === "record" ? "object" : type;
  });
  const index = kinds.indexOf(jsonType(value));
  const issues = issue.errors[index];
  if (index < 0 || kinds.lastIndexOf(jsonType(value)) !== index || !issues) return undefined;
  return { schema: options[index]!, issues };
}

function describe(
  schemaOf: SchemaOf,
  payload: unknown,
  issues: readonly z.core.$ZodIssue[],
  prefix: readonly PropertyKey[],
  problems: PayloadProblem[],
): void {
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    const value = valueAt(payload, path);
    const fieldSchema = schemaOf(path);
    const option = meantOption(issue, fieldSchema, value);
    if (option) {
      // Inside the option, paths are the option's own: its schema answers for them.
      describe(
        (inner) => schemaAt(option.schema, inner.slice(path.length)),
        payload,
        option.issues,
        path,
        problems,
      );
      continue;
    }
    const { record, field } = locateRecord(path, payload);
    const objectSchema = fieldSchema && unwrapSchema(fieldSchema).inner;
    const shape = (objectSchema?._zod.def as unknown as { shape?: object } | undefined)?.shape;
    problems.push({
      path: formatIssuePath(path),
      record,
      message: issueWording(issue, {
        value,
        field,
        schema: fieldSchema,
        knownKeys: shape ? Object.keys(shape) : undefined,
      }),
    });
  }
}

/**
 * Every problem of a payload against a named schema of the contract, worded for the
 * person who fixes it and located by record, for a file a person wrote (a dataset to
 * import): `equipment "eq_h_0003": required field \`serialNumber\` missing`. `validate`
 * stays the fast check with zod's own messages; this runs when it failed.
 *
 * @param name - a catalog name: `"Dataset"`, a record, `"<method>.params"` / `"<method>.result"`
 * @param payload - the decoded JSON value
 * @returns the problems, in the order zod found them; empty when the payload is valid
 * @example
 * import { describeProblems, formatProblems } from "@wsafe/schema";
 * const problems = describeProblems("Dataset", JSON.parse(text));
 * if (problems.length > 0) console.error(formatProblems(problems));
 * @see https://docs.wsafe.dev/validation/
 */
export function describeProblems(name: SchemaName, payload: unknown): PayloadProblem[] {
  const schema: z.core.$ZodType = schemaCatalog[name].schema;
  const parsed = (schema as z.ZodType).safeParse(payload);
  if (parsed.success) return [];
  const problems: PayloadProblem[] = [];
  describe((path) => schemaAt(schema, path), payload, parsed.error.issues, [], problems);
  return problems;
}
