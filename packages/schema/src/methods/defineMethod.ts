import type * as z from "zod";
import type { ErrorResponse } from "../envelope.js";
import type { ErrorIdentifier } from "../errors.js";

/** The permission a token needs to call a method. */
export type Permission = "read" | "write";

/** One example exchange of a method, shown in the docs and checked by the tests. */
export interface MethodExample<Params extends z.ZodType, Result extends z.ZodType> {
  /** What the example shows, for people. */
  title: string;
  /** The request data, as sent (POST body, or percent-encoded as the GET query string). */
  request: z.input<Params>;
  /** The response body. */
  response: z.output<Result> | ErrorResponse;
}

/**
 * Everything /v1 says about one method. Server routing, client methods, OpenAPI paths
 * and docs pages are all derived from these entries.
 */
export interface MethodDefinition<
  Name extends string = string,
  Params extends z.ZodObject = z.ZodObject,
  Result extends z.ZodObject = z.ZodObject,
  Errors extends readonly ErrorIdentifier[] = readonly ErrorIdentifier[],
> {
  /** The wire name, which is also the URL path after `/v1/`. */
  name: Name;
  /** One line: what the method does. */
  summary: string;
  /** The whole story for the docs: semantics, ordering, edge cases (Markdown). */
  description: string;
  /** The permission the token needs. */
  permission: Permission;
  /** The request data, `token` and `pretty` included; strict: unknown keys are errors. */
  params: Params;
  /** The success body, `ok: true` included. */
  result: Result;
  /** Every error identifier the method's URL can answer with, in pipeline order. */
  errors: Errors;
  /** Realistic exchanges; at least one success. */
  examples: readonly MethodExample<Params, Result>[];
}

/**
 * Declares a method. Keeps every literal type (name, error identifiers) so that the
 * client can narrow on them.
 *
 * @example
 * export const usersInfo = defineMethod({ name: "users.info", ... });
 */
export function defineMethod<
  const Name extends string,
  Params extends z.ZodObject,
  Result extends z.ZodObject,
  const Errors extends readonly ErrorIdentifier[],
>(
  definition: MethodDefinition<Name, Params, Result, Errors>,
): MethodDefinition<Name, Params, Result, Errors> {
  return definition;
}
