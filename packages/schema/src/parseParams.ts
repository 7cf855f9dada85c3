import type * as z from "zod";
import { compiledSchema } from "./compiledSchema.js";
import { formatIssuePath } from "./formatIssuePath.js";
import { quoteInput } from "./quoteInput.js";
import { isMethodName, type MethodName, type Methods, methods } from "./registry.js";
import { type StreamName, streams } from "./streams/index.js";

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

/** What parseParams needs of one method, worked out once: it runs on every request. */
interface ParamsPlan {
  shape: Record<string, z.ZodType>;
  /** The keys that must be present, in the shape's order. */
  required: readonly string[];
  /** The params schema with zod's compiled fast path (see {@link compiledSchema}). */
  schema: z.ZodType;
  /** Parameters of which at least one must be present (`requiresOneOf` of the method). */
  oneOf: readonly string[];
}

const plans = new Map<string, ParamsPlan>();

/** The plan of a params schema of the catalog (`<name>.params`), made on first use. */
function planOf(name: MethodName | StreamName): ParamsPlan {
  let plan = plans.get(name);
  if (!plan) {
    const params = isMethodName(name) ? methods[name].params : streams[name].params;
    const shape = (params as z.ZodObject).shape as Record<string, z.ZodType>;
    plan = {
      shape,
      required: Object.keys(shape).filter((key) => isRequired(shape[key]!)),
      schema: compiledSchema(`${name}.params`),
      oneOf: (isMethodName(name) && methods[name].requiresOneOf) || [],
    };
    plans.set(name, plan);
  }
  return plan;
}

/**
 * Checks a request data object against a method's parameters with the precedence of
 * the contract: an unknown key first (`parameter_unexpected`), then a required key
 * absent, or none of the parameters of which the method requires one (`parameter_missing`),
 * then a value of the wrong type or not allowed
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
  return parseWithPlan(planOf(method), data) as ParamsSuccess<Name> | ParamsFailure;
}

/**
 * {@link parseParams} of a subscription's input (`streams`): the same checks, in the same
 * order, with the same words.
 *
 * @param stream - the subscription's name
 * @param data - the input object
 * @example
 * parseStreamParams("events.stream", { token: "t", type: [] }); // parameter_unexpected: type
 */
export function parseStreamParams<Name extends StreamName>(
  stream: Name,
  data: Record<string, unknown>,
): { ok: true; params: z.output<(typeof streams)[Name]["params"]> } | ParamsFailure {
  return parseWithPlan(planOf(stream), data) as {
    ok: true;
    params: z.output<(typeof streams)[Name]["params"]>;
  };
}

function parseWithPlan(
  { shape, required, schema, oneOf }: ParamsPlan,
  data: Record<string, unknown>,
): { ok: true; params: unknown } | ParamsFailure {
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
  for (const key of required) {
    if (!Object.hasOwn(data, key)) {
      return {
        ok: false,
        error: "parameter_missing",
        parameter: key,
        description: `missing parameter: ${key}`,
      };
    }
  }
  if (oneOf.length > 0 && !oneOf.some((key) => Object.hasOwn(data, key))) {
    return {
      ok: false,
      error: "parameter_missing",
      parameter: oneOf[0]!,
      description: `missing parameter: ${oneOf.join(" or ")}`,
    };
  }
  // Compiled: a valid request is checked by one generated function; an invalid one
  // falls back to zod's interpreter, so the issue and its message are zod's own.
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, params: parsed.data };
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
