import type * as z from "zod";
import type { ErrorResponse } from "../envelope.js";
import { type MethodErrorsOf, methodErrorsFor, type OwnError } from "../pipeline.js";

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
  /**
   * The answer shows what the demo server does not hold and cannot be made to answer the
   * same twice (an endpoint's history, a secret drawn at random): it is checked against
   * the schema like every example, and not replayed against the demo data.
   */
  illustrative?: true;
}

/**
 * How a paginated method walks its list: the order pages follow (and cursors mark a
 * position in), the parameters a walk is bound to, and the one that names its instant.
 */
export interface WalkSpec<Params extends z.ZodObject = z.ZodObject> {
  /** The fields of a record, most significant first, that order the list and its pages. */
  order: readonly string[];
  /**
   * Parameters a walk keeps from its first page: a cursor sent with another value of
   * one of them answers `parameter_invalid`. The others (`limit`, `columns`, `pretty`...)
   * may change from page to page.
   */
  filters: readonly (keyof z.input<Params> & string)[];
  /** The parameter that names the instant statuses are computed at, kept by the walk. */
  instant?: keyof z.input<Params> & string;
}

/** What a method file writes: everything but the error list, which is derived. */
export interface MethodSpec<
  Name extends string = string,
  Params extends z.ZodObject = z.ZodObject,
  Result extends z.ZodObject = z.ZodObject,
  Own extends OwnError = OwnError,
  Perm extends Permission = Permission,
> {
  /** The wire name, which is also the URL path after `/v1/`. */
  name: Name;
  /** One line: what the method does. */
  summary: string;
  /** The whole story for the docs: semantics, ordering, edge cases (Markdown). */
  description: string;
  /** The permission the token needs: `write` makes the method a mutation on `/trpc`. */
  permission: Perm;
  /** The request data, `token` and `pretty` included; strict: unknown keys are errors. */
  params: Params;
  /** The success body, `ok: true` included. */
  result: Result;
  /**
   * The identifiers the method's own lookups answer with (e.g. `content_not_found`);
   * those of the request pipeline are added by {@link defineMethod}.
   */
  ownErrors: readonly Own[];
  /**
   * Exchanges with the demo data, at least one success: each response is what
   * `wsafe serve --demo` answers, its data dated around 2026-12-01T00:00Z (the docs'
   * `apps/docs/test/examples.test.ts` sends every one and compares), cursors excepted.
   */
  examples: readonly MethodExample<Params, Result>[];
  /** For a method that takes `limit` and `cursor`: how its pages walk the list. */
  pagination?: WalkSpec<Params>;
}

/**
 * Everything /v1 says about one method. Server routing, client methods, OpenAPI paths
 * and docs pages are all derived from these entries.
 */
export interface MethodDefinition<
  Name extends string = string,
  Params extends z.ZodObject = z.ZodObject,
  Result extends z.ZodObject = z.ZodObject,
  Own extends OwnError = OwnError,
  Perm extends Permission = Permission,
> extends MethodSpec<Name, Params, Result, Own, Perm> {
  /**
   * Every error identifier the method's URL can answer with, in pipeline order: the
   * request pipeline's (`requestChecks`), the method's own, then `server_error`.
   */
  errors: readonly MethodErrorsOf<Params, Own>[];
}

/**
 * Declares a method, deriving its error list from the request pipeline and its own
 * errors. Keeps every literal type (name, error identifiers) so that the client can
 * narrow on them.
 *
 * @example
 * export const usersInfo = defineMethod({ name: "users.info", ownErrors: ["content_not_found"], ... });
 * usersInfo.errors; // ["request_method_invalid", ..., "token_permission", ..., "content_not_found", "server_error"]
 */
export function defineMethod<
  const Name extends string,
  Params extends z.ZodObject,
  Result extends z.ZodObject,
  const Own extends OwnError,
  const Perm extends Permission,
>(spec: MethodSpec<Name, Params, Result, Own, Perm>): MethodDefinition<Name, Params, Result, Own, Perm> {
  return { ...spec, errors: methodErrorsFor(spec.params, spec.ownErrors) };
}
