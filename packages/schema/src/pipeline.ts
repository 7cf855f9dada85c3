import type * as z from "zod";
import type { ErrorIdentifier } from "./errors.js";

/**
 * The request pipeline of /v1 as data: the checks every request runs, in order, each
 * with the identifiers it may answer. The first check that fails answers; a request
 * that passes them all gets the method's result.
 *
 * Everything that needs the order reads it from here: the server runs its checks in
 * this order, each method's error list is derived from it
 * ({@link methodErrorsFor}), and the docs' precedence table, the conformance kit and
 * the fuzzer's oracle follow it. The contract snapshot holds it, so the breaking-change
 * gate sees a reordering.
 *
 * - `id`: the check's name, for code and tests.
 * - `scope`: `"url"` for the one check that runs before a method is known (its failure
 *   belongs to no method), `"method"` for every check on a method's URL.
 * - `errors`: the identifiers the check answers with.
 * - `rule`: the check for people (Markdown), as the docs print it.
 *
 * @example
 * import { requestChecks } from "@wsafe/schema";
 * requestChecks.map((check) => check.id); // ["method_path", "http_method", ...]
 * @see https://docs.wsafe.dev/errors/#precedence
 */
export const requestChecks = [
  {
    id: "method_path",
    scope: "url",
    errors: ["api_method_not_found"],
    rule: "The path is `/v1/<method>` and `<method>` is a known method (`/v2/...`, `/v1/`, `/v1/nope` all fail).",
  },
  {
    id: "http_method",
    scope: "method",
    errors: ["request_method_invalid"],
    rule: "The HTTP method is GET or POST. OPTIONS is answered as a CORS pre-flight (204, no body); HEAD, PUT, DELETE, PATCH and others fail.",
  },
  {
    id: "request_data",
    scope: "method",
    errors: ["request_data_invalid"],
    rule: "The request data decodes to a JSON **object**. POST: the body (any Content-Type; a UTF-8 BOM is tolerated). GET: the whole query string, percent-decoded (one `=` after the JSON object, which some proxies add, is ignored). Absent or empty data counts as `{}`. Invalid JSON, a non-object (array, string, number, null), bad percent-encoding or a body over the size limit (default 1 MiB) fail.",
  },
  {
    id: "token_present",
    scope: "method",
    errors: ["token_missing", "token_invalid"],
    rule: '`token` is present and a non-empty string: absent or `""` is missing; any other non-string is invalid.',
  },
  { id: "token_known", scope: "method", errors: ["token_invalid"], rule: "The token is known." },
  { id: "token_active", scope: "method", errors: ["token_inactive"], rule: "The token is active." },
  {
    id: "account_active",
    scope: "method",
    errors: ["account_inactive"],
    rule: "The token's account is active.",
  },
  {
    id: "rate_limit",
    scope: "method",
    errors: ["rate_limit_exceeded"],
    rule: "The token is within its request limit (only requests that passed the checks above count).",
  },
  {
    id: "permission",
    scope: "method",
    errors: ["token_permission"],
    rule: "The token holds the permission the method needs: `read` for the methods that read (their names end in `.list`, `.info`, `.changes` or `.deliveries`), `write` for every other, each of which changes something (`webhooks.create`, `inspections.record`, `equipments.update`, ...).",
  },
  {
    id: "parameters",
    scope: "method",
    errors: ["parameter_unexpected", "parameter_missing", "parameter_invalid"],
    rule: "Parameters: an unknown key is unexpected; then a required key that is absent is missing; then a value of the wrong type or not allowed is invalid. `token` and `pretty` are known to every method.",
  },
  {
    id: "method_lookups",
    scope: "method",
    errors: [],
    rule: "The method's own lookups; each method lists the identifiers they answer with (`content_not_found`, ...).",
  },
] as const satisfies readonly RequestCheck[];

/** One check of the request pipeline; see {@link requestChecks}. */
export interface RequestCheck {
  readonly id: string;
  readonly scope: "url" | "method";
  readonly errors: readonly ErrorIdentifier[];
  readonly rule: string;
}

/** The name of one check of the request pipeline, e.g. `"token_known"`. */
export type RequestCheckId = (typeof requestChecks)[number]["id"];

/** Every check name, in pipeline order. */
export const requestCheckIds: readonly RequestCheckId[] = requestChecks.map((check) => check.id);

/**
 * The identifier of anything unforeseen (the database down, a bug): it can answer any
 * request at any point after the method is known, so it closes every method's list.
 */
export const unforeseenError = "server_error" satisfies ErrorIdentifier;

/**
 * The check from which on a failure honours `pretty`: the request data has been
 * decoded, so whether the caller asked for indenting is known.
 */
export const prettyFromCheck: RequestCheckId = "token_present";

type MethodCheck = Extract<(typeof requestChecks)[number], { scope: "method" }>;

/** An identifier that a check of the pipeline answers on a method's URL. */
export type PipelineError = MethodCheck["errors"][number];

/**
 * An identifier a method may declare as its own (answered by its lookups): anything
 * the pipeline or the unforeseen case does not already answer.
 */
export type OwnError = Exclude<
  ErrorIdentifier,
  PipelineError | (typeof requestChecks)[0]["errors"][number] | typeof unforeseenError
>;

/** The keys of an object type that a caller must send. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/**
 * The parameter that the token checks already answer for: its absence is
 * `token_missing`, never `parameter_missing`.
 */
const checkedBeforeParameters = "token";

/**
 * Whether a method's parameters can answer `parameter_missing`: only when one other
 * than the token is required (an absent token fails earlier, as `token_missing`).
 */
type CanMissParameter<Params extends z.ZodObject> = [
  Exclude<RequiredKeys<z.input<Params>>, typeof checkedBeforeParameters>,
] extends [never]
  ? false
  : true;

/**
 * Every identifier a method with these parameters and own errors can answer with.
 * `OneOfRequired` is true for a method that requires one of a few parameters (see
 * `MethodSpec.requiresOneOf`): it can answer `parameter_missing` though each is optional.
 */
export type MethodErrorsOf<
  Params extends z.ZodObject,
  Own extends OwnError,
  OneOfRequired extends boolean = false,
> =
  | (CanMissParameter<Params> extends true
      ? PipelineError
      : OneOfRequired extends true
        ? PipelineError
        : Exclude<PipelineError, "parameter_missing">)
  | Own
  | typeof unforeseenError;

const isRequired = (schema: z.ZodType) => !schema.safeParse(undefined).success;

/**
 * Every identifier a method's URL can answer with, in pipeline order: the identifiers
 * of each check on a method's URL that the method's parameters can meet, the method's
 * own identifiers where its lookups run, then `server_error`. Each identifier once.
 * `parameter_missing` is listed only for a method that requires a parameter besides
 * `token`, or one of a few.
 *
 * @param params - the method's request data schema
 * @param ownErrors - what the method's own lookups answer with
 * @param oneOfRequired - whether the method requires one of a few optional parameters
 * @example
 * methodErrorsFor(usersInfoParamsSchema, ["content_not_found"]);
 * // ["request_method_invalid", "request_data_invalid", "token_missing", ..., "token_permission",
 * //  "parameter_unexpected", "parameter_missing", "parameter_invalid", "content_not_found", "server_error"]
 */
export function methodErrorsFor<Params extends z.ZodObject, const Own extends OwnError>(
  params: Params,
  ownErrors: readonly Own[],
  oneOfRequired = false,
): readonly MethodErrorsOf<Params, Own>[] {
  const canMiss =
    oneOfRequired ||
    Object.entries(params.shape).some(
      ([key, field]) => key !== checkedBeforeParameters && isRequired(field as z.ZodType),
    );
  const errors: ErrorIdentifier[] = [];
  for (const check of requestChecks) {
    if (check.scope !== "method") continue;
    const answers: readonly ErrorIdentifier[] = check.id === "method_lookups" ? ownErrors : check.errors;
    for (const error of answers) {
      if (error === "parameter_missing" && !canMiss) continue;
      if (!errors.includes(error)) errors.push(error);
    }
  }
  errors.push(unforeseenError);
  return errors as MethodErrorsOf<Params, Own>[];
}
