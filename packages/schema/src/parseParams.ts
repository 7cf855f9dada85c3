import type * as z from "zod";
import { formatIssuePath } from "./formatIssuePath.js";
import { quoteInput } from "./quoteInput.js";
import { type MethodName, type Methods, methods } from "./registry.js";

/** A parameter failure, in the order the pipeline checks them. */
export interface ParamsFailure {
  ok: false;
  error: "parameter_unexpected" | "parameter_missing" | "parameter_invalid";
  /** Names the offending parameter, e.g. `"unexpected parameter: colums"`. */
  description: string;
  /** The offending parameter's name (the first one found). */
  parameter: string;
}

/** Parameters that passed every check, with defaults applied. */
export interface ParamsSuccess<Name extends MethodName> {
  ok: true;
  params: Methods[Name]["parsedParams"];
}

const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;

/**
 * Checks a request data object against a method's parameters with the precedence of
 * the contract: an unknown key first (`parameter_unexpected`), then a required key
 * absent (`parameter_missing`), then a value of the wrong type or not allowed
 * (`parameter_invalid`). The server and the conformance kit both use it, so they
 * cannot disagree.
 *
 * @param method - the method's wire name
 * @param data - the decoded request data object
 * @example
 * parseParams("equipments.list", { token: "t", colums: [] });
 * // { ok: false, error: "parameter_unexpected", parameter: "colums", description: "unexpected parameter: colums" }
 */
export function parseParams<Name extends MethodName>(
  method: Name,
  data: Record<string, unknown>,
): ParamsSuccess<Name> | ParamsFailure {
  const schema = methods[method].params as z.ZodObject;
  const shape = schema.shape;
  for (const key of Object.keys(data)) {
    if (!Object.hasOwn(shape, key)) {
      return {
        ok: false,
        error: "parameter_unexpected",
        parameter: key,
        description: `unexpected parameter: ${quoteInput(key)}`,
      };
    }
  }
  for (const [key, field] of Object.entries(shape)) {
    if (!Object.hasOwn(data, key) && isRequired(field as z.ZodType)) {
      return {
        ok: false,
        error: "parameter_missing",
        parameter: key,
        description: `missing parameter: ${key}`,
      };
    }
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, params: parsed.data as Methods[Name]["parsedParams"] };
  const issue = parsed.error.issues[0]!;
  const parameter = String(issue.path[0] ?? "");
  return {
    ok: false,
    error: "parameter_invalid",
    parameter,
    // The path can hold caller keys (an element of an array, a key of a record).
    description: `invalid parameter: ${quoteInput(formatIssuePath(issue.path))}: ${issue.message}`,
  };
}
