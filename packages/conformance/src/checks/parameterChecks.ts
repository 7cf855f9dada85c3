import { type MethodName, methods, parseParams, type requestChecks } from "@wsafe/schema";
import { type JsonSchema, toJsonSchema } from "@wsafe/schema/openapi";
import { type CheckDefinition, CheckSkipped } from "../CheckContext.js";
import { disallowedValueFor, wrongValueFor } from "../wrongValueFor.js";

/** What the `parameters` check of the schema's `requestChecks` answers. */
type ParameterError = Extract<(typeof requestChecks)[number], { id: "parameters" }>["errors"][number];

/** An unknown key no method will ever accept. */
export const unexpectedKey = "conformance_unexpected_key";

/**
 * Parameter checks derived from the method's published params JSON Schema: an unknown
 * key (`parameter_unexpected`), each required parameter dropped, and every one of a
 * method's `requiresOneOf` dropped together (`parameter_missing`),
 * each parameter given a value of a wrong type, or of the right type but not allowed
 * (`parameter_invalid`). Each case starts from a successful call, so exactly one thing
 * is wrong, and is first run through the schema's own `parseParams` (the precedence the
 * server uses) to be sure it means what the check says.
 */
export function parameterChecks(method: MethodName): CheckDefinition[] {
  const schema = toJsonSchema(`${method}.params`) as JsonSchema & {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  const properties = Object.keys(schema.properties ?? {}).filter((key) => key !== "token");
  const required = (schema.required ?? []).filter((key) => key !== "token");
  const cases: {
    identifier: ParameterError;
    parameter: string;
    what: string;
    data: (params: Record<string, unknown>) => Record<string, unknown>;
  }[] = [
    {
      identifier: "parameter_unexpected",
      parameter: unexpectedKey,
      what: `an unknown key (${unexpectedKey})`,
      data: (params) => ({ ...params, [unexpectedKey]: true }),
    },
  ];
  for (const key of required) {
    cases.push({
      identifier: "parameter_missing",
      parameter: key,
      what: key,
      data: ({ [key]: _dropped, ...rest }) => rest,
    });
  }
  // Each optional alone, one required (a record by `id` or by `external_id`): all left out.
  const oneOf = methods[method].requiresOneOf ?? [];
  if (oneOf.length > 0) {
    cases.push({
      identifier: "parameter_missing",
      parameter: oneOf[0] ?? "",
      what: `${oneOf.join(" and ")} all left out (one is required)`,
      data: (params) => Object.fromEntries(Object.entries(params).filter(([key]) => !oneOf.includes(key))),
    });
  }
  for (const key of properties) {
    const property = schema.properties![key];
    const wrong = wrongValueFor(property, schema);
    if (wrong !== undefined) {
      cases.push({
        identifier: "parameter_invalid",
        parameter: key,
        what: `${key} = ${JSON.stringify(wrong)}`,
        data: (params) => ({ ...params, [key]: wrong }),
      });
    }
    const disallowed = disallowedValueFor(property, schema);
    if (disallowed !== undefined) {
      cases.push({
        identifier: "parameter_invalid",
        parameter: key,
        what: `${key} = ${JSON.stringify(disallowed)}`,
        data: (params) => ({ ...params, [key]: disallowed }),
      });
    }
  }
  return cases.map(({ identifier, parameter, what, data }) => ({
    suite: method,
    name: `${identifier}: ${what}`,
    async run(ctx) {
      const request = data(ctx.successParams(method));
      const expected = parseParams(method, { token: ctx.options.token, ...request });
      if (expected.ok || expected.error !== identifier || expected.parameter !== parameter) {
        throw new CheckSkipped(
          `the request data ${JSON.stringify(request)} does not mean ${identifier} for ${parameter} under this schema version`,
        );
      }
      ctx.expectError(await ctx.post(method, request), identifier, parameter);
    },
  }));
}
