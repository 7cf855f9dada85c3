import * as z from "zod";
import type { ErrorResponse } from "../envelope.js";
import { errorIdentifiers } from "../errors.js";
import { type MethodErrorsOf, methodErrorsFor, type OwnError } from "../pipeline.js";
import type { ReadMethodName } from "../wire.js";
import { idempotencyKeyShape } from "./idempotencyKey.js";

/** The permission a token needs to call a method. */
export type Permission = "read" | "write";

/**
 * The permission a method of this name needs: `read` for a name that ends in one of the
 * read verbs of `@wsafe/schema/wire` (`.list`, `.info`, ...), else `write`. The client
 * tells a write by its name alone, so a method file cannot declare another.
 */
export type PermissionOf<Name extends string> = Name extends ReadMethodName ? "read" : "write";

/**
 * The parameters of a method as the registry holds them: a write method's own, and the
 * optional `idempotency_key` that every write takes; a read method's as written.
 */
export type RegistryParams<Params extends z.ZodObject, Perm extends Permission> = Perm extends "write"
  ? z.ZodObject<z.core.util.Extend<Params["shape"], typeof idempotencyKeyShape>, Params["_zod"]["config"]>
  : Params;

/** The identifiers a method answers besides its own lookups': a write's key used for another request. */
export type RegistryOwnErrors<Perm extends Permission> = Perm extends "write"
  ? "idempotency_key_reused"
  : never;

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
  /**
   * The permission the token needs: `write` makes the method a mutation on `/trpc` and
   * gives it `idempotency_key`. It follows from the name (see {@link PermissionOf}).
   */
  permission: Perm;
  /**
   * The request data, `token` and `pretty` included; strict: unknown keys are errors. A
   * write method's leaves `idempotency_key` out: {@link defineMethod} adds it.
   */
  params: Params;
  /** The success body, `ok: true` included. */
  result: Result;
  /**
   * The identifiers the method's own lookups answer with (e.g. `content_not_found`);
   * those of the request pipeline, and a write's `idempotency_key_reused`, are added by
   * {@link defineMethod}.
   */
  ownErrors: readonly Own[];
  /**
   * Exchanges with the demo data, at least one success: each response is what
   * `wsafe serve --demo` answers, its data dated around 2026-12-01T00:00Z (the docs'
   * `apps/docs/test/examples.test.ts` sends every one and compares), cursors excepted.
   */
  examples: readonly MethodExample<RegistryParams<Params, Perm>, Result>[];
  /** For a method that takes `limit` and `cursor`: how its pages walk the list. */
  pagination?: WalkSpec<Params>;
  /**
   * For a method that answers a feed of changes rather than a list in pages (`cursor` in,
   * `next_cursor` and `has_more` out, a cursor that never ends): see {@link FeedSpec}.
   */
  feed?: FeedSpec;
  /**
   * Parameters of which a request must send at least one, though each is optional (a
   * record named by `id` or by `external_id`): with none, `parameter_missing` names them,
   * after the required parameters' check and before any value's. The published JSON
   * Schema says the same (`anyOf` of each one required).
   */
  requiresOneOf?: readonly (keyof z.input<Params> & string)[];
}

/**
 * How a method answers a feed of changes: each answer holds the entries changed after the
 * `cursor` it was sent (at most one per key), and a `next_cursor` to ask again from,
 * present at the end too. A walk of pages ends; a feed does not.
 */
export interface FeedSpec {
  /** The result field that holds the entries, e.g. `changes`. */
  entries: string;
  /** The field of an entry that identifies what changed, e.g. `id`. */
  key: string;
  /** The field of an entry that holds the record as it is now, or null once it is gone. */
  record: string;
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
  OneOfRequired extends boolean = boolean,
> extends Omit<MethodSpec<Name, Params, Result, Own, Perm>, "examples" | "requiresOneOf"> {
  /** Exchanges with the demo data, at least one success (see {@link MethodSpec.examples}). */
  examples: readonly MethodExample<Params, Result>[];
  /**
   * Every error identifier the method's URL can answer with, in pipeline order: the
   * request pipeline's (`requestChecks`), the method's own, then `server_error`.
   */
  errors: readonly MethodErrorsOf<Params, Own, OneOfRequired>[];
  /** Parameters of which a request must send at least one (see {@link MethodSpec.requiresOneOf}). */
  requiresOneOf?: readonly string[];
}

/**
 * Declares a method, deriving its error list from the request pipeline and its own
 * errors. A write method gets, in this one place, what every write has: the optional
 * `idempotency_key` parameter (after its own, with its description) and
 * `idempotency_key_reused` among its own errors. Keeps every literal type (name, error
 * identifiers) so that the client can narrow on them.
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
  const Perm extends PermissionOf<Name>,
  const OneOf extends keyof z.input<Params> & string = never,
>(
  spec: MethodSpec<Name, Params, Result, Own, Perm> & { requiresOneOf?: readonly OneOf[] },
): MethodDefinition<
  Name,
  RegistryParams<Params, Perm>,
  Result,
  Own | RegistryOwnErrors<Perm>,
  Perm,
  [OneOf] extends [never] ? false : true
> {
  const write = spec.permission === "write";
  const oneOf = spec.requiresOneOf;
  // The conditional types cannot narrow on a value: `write` decides both at run time.
  const params = (
    write || oneOf ? withRegistryShape(spec.params, write, oneOf) : spec.params
  ) as RegistryParams<Params, Perm>;
  const own: readonly OwnError[] = write ? [...spec.ownErrors, "idempotency_key_reused"] : spec.ownErrors;
  // In the order of the identifiers' table, each once: the order the error lists follow.
  const ownErrors = errorIdentifiers.filter((error) => own.includes(error as OwnError)) as (
    | Own
    | RegistryOwnErrors<Perm>
  )[];
  const { pagination, ...rest } = spec;
  return {
    ...rest,
    params,
    ownErrors,
    errors: methodErrorsFor(params, ownErrors, oneOf !== undefined) as never,
    // A walk names parameters of the method's own, which the registry's include.
    ...(pagination && { pagination: pagination as WalkSpec<RegistryParams<Params, Perm>> }),
  };
}

/**
 * A method's parameters as the registry holds them: a write's with `idempotency_key` after
 * its own; with `requiresOneOf`, the JSON Schema keyword that says it (`anyOf` of each one
 * required). The id, title and description the method file gave its parameters move to
 * the schema the registry holds, so that the JSON Schema files and the OpenAPI components,
 * generated from every schema with an id, describe one schema under that id.
 */
function withRegistryShape<Params extends z.ZodObject>(
  params: Params,
  write: boolean,
  oneOf: readonly string[] | undefined,
) {
  const meta = z.globalRegistry.get(params);
  z.globalRegistry.remove(params);
  const extended = write ? params.extend(idempotencyKeyShape) : params.extend({});
  // zod says what the JSON Schema's `anyOf` says, so both refuse the same data (parseParams
  // answers `parameter_missing` before either is asked).
  const checked = oneOf
    ? extended.refine((data: Record<string, unknown>) => oneOf.some((key) => data[key] !== undefined), {
        message: `send ${oneOf.join(" or ")}`,
        path: [oneOf[0] ?? ""],
      })
    : extended;
  // Spread: `meta(undefined)` would read the metadata instead of setting it.
  return checked.meta({
    ...meta,
    // `properties` beside `required`: a strict validator (ajv's strictRequired) refuses a
    // required key its own subschema does not name. Each branch repeats the parameters
    // always required (`token`): openapi-typescript makes the object one member of a
    // union beside each branch, so a branch naming `external_id` alone let a body without
    // `token` type-check.
    ...(oneOf && {
      anyOf: oneOf.map((parameter) => {
        const required = [...alwaysRequired(extended), parameter];
        return { required, properties: Object.fromEntries(required.map((key) => [key, true])) };
      }),
    }),
  });
}

/** The parameters a request must always send: those whose schema refuses `undefined`. */
function alwaysRequired(params: z.ZodObject): string[] {
  return Object.entries(params.shape)
    .filter(([, schema]) => !(schema as z.ZodType).safeParse(undefined).success)
    .map(([key]) => key);
}
