import { isSchemaName, type SchemaName, type SchemaOutput } from "./catalog.js";
import { compiledSchema } from "./compiledSchema.js";
import { formatIssuePath } from "./formatIssuePath.js";

/** One reason a payload is invalid. */
export interface ValidationIssue {
  /** Where, as people read it: `equipments[12].schedules[0].expiresOn`; `(root)` for the whole payload. */
  path: string;
  /** What is wrong there. */
  message: string;
}

/** The outcome of {@link validate}. */
export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

/**
 * Validates a payload against a named schema of the contract. The zod schema decides;
 * each is compiled on its first use (zod's `z.compile`), so a large valid payload costs
 * about what a compiled JSON Schema validator takes; an invalid one gets zod's issues.
 *
 * @param name - a catalog name: a record (`"Equipment"`), `"Dataset"`, `"ErrorResponse"`, or `"<method>.params"` / `"<method>.result"`
 * @param payload - the decoded JSON value
 * @example
 * import { validate } from "@wsafe/schema";
 * const result = validate("equipments.list.result", body);
 * if (!result.ok) for (const issue of result.issues) console.error(`${issue.path}: ${issue.message}`);
 * @see https://docs.wsafe.dev/validation/
 */
export function validate<Name extends SchemaName>(
  name: Name,
  payload: unknown,
): ValidationResult<SchemaOutput<Name>> {
  if (!isSchemaName(name)) throw new TypeError(`unknown schema name: ${String(name)}`);
  // zod's compiled fast path, with its interpreter (and its messages) for what fails.
  const parsed = compiledSchema(name).safeParse(payload);
  if (parsed.success) return { ok: true, value: parsed.data as SchemaOutput<Name> };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      path: formatIssuePath(issue.path),
      message: issue.message,
    })),
  };
}
