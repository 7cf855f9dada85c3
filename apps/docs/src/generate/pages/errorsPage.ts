// The errors page: every identifier with its description (from the schema's enum) and
// the order in which the request pipeline checks (decisions.md §1).
import { type ErrorIdentifier, errorDescriptions, errorIdentifiers, methods } from "@wsafe/schema";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { methodPath } from "../sitePaths.js";

/** The pipeline of decisions.md §1: each check and the identifiers it fails with. */
export const pipeline: readonly { check: string; errors: readonly ErrorIdentifier[] }[] = [
  {
    check:
      "The path is `/v1/<method>` and `<method>` is a known method (`/v2/...`, `/v1/`, `/v1/nope` all fail).",
    errors: ["api_method_not_found"],
  },
  {
    check:
      "The HTTP method is GET or POST. OPTIONS is answered as a CORS pre-flight (204, no body); HEAD, PUT, DELETE, PATCH and others fail.",
    errors: ["request_method_invalid"],
  },
  {
    check:
      "The request data decodes to a JSON **object**. POST: the body (any Content-Type; a UTF-8 BOM is tolerated). GET: the whole query string, percent-decoded. Absent or empty data counts as `{}`. Invalid JSON, a non-object (array, string, number, null), bad percent-encoding or a body over the size limit (default 1 MiB) fail.",
    errors: ["request_data_invalid"],
  },
  {
    check:
      '`token` is present and a non-empty string: absent or `""` is missing; any other non-string is invalid.',
    errors: ["token_missing", "token_invalid"],
  },
  { check: "The token is known.", errors: ["token_invalid"] },
  { check: "The token is active.", errors: ["token_inactive"] },
  { check: "The token's account is active.", errors: ["account_inactive"] },
  {
    check: "The token is within its request limit (only requests that passed the checks above count).",
    errors: ["rate_limit_exceeded"],
  },
  {
    check: "The token holds the permission the method needs (every /v1 method needs only `read`).",
    errors: ["token_permission"],
  },
  {
    check:
      "Parameters: an unknown key is unexpected; then a required key that is absent is missing; then a value of the wrong type or not allowed is invalid. `token` and `pretty` are known to every method.",
    errors: ["parameter_unexpected", "parameter_missing", "parameter_invalid"],
  },
  { check: "The method's own lookups.", errors: ["content_not_found"] },
  { check: "Anything unforeseen (database down, a bug).", errors: ["server_error"] },
];

const unknownInPipeline = pipeline
  .flatMap((step) => step.errors)
  .filter((error) => !(error in errorDescriptions));
if (unknownInPipeline.length)
  throw new Error(`pipeline names identifiers the schema lacks: ${unknownInPipeline}`);

function methodsAnswering(identifier: ErrorIdentifier): string {
  const names = Object.values(methods)
    .filter((method) => (method.errors as readonly string[]).includes(identifier))
    .map((method) => `[${method.name}](${methodPath(method.name)})`);
  if (identifier === "api_method_not_found") return "any URL that names no method";
  return names.length ? names.join(", ") : "none yet";
}

/** The Markdown of the errors page. */
export function errorsPage(): string {
  return page(
    frontMatter({
      title: "Errors",
      description: "Every error identifier of /v1 and the order in which they are checked.",
    }),
    "Every failure is answered with HTTP status **200** and a JSON object with `ok: false`, an `error` identifier and a `description` for people. Branch on `error`, never on `description`: its wording may change. `description` names the offending parameter or key where there is one, and never holds a stack trace, SQL, a file path or another account's data.",
    code(
      "json",
      JSON.stringify(
        { ok: false, error: "parameter_unexpected", description: "unexpected parameter: colums" },
        null,
        2,
      ),
    ),
    "A request that never reaches the service, or an answer that never reaches the caller (a proxy's error page, a dropped connection), may yield a body that is not in this form; clients treat that as a transport error. A streamed `equipments.list` that fails after its first records were sent ends the same way: the server closes the connection rather than send a list that looks complete (see [conventions](/conventions/#response-envelope)).",
    "## Identifiers",
    table(
      ["Identifier", "Meaning", "Returned by"],
      errorIdentifiers.map((identifier) => [
        `<code id="${identifier}">${identifier}</code>`,
        errorDescriptions[identifier],
        methodsAnswering(identifier),
      ]),
    ),
    "The source document once showed an example with `invalid_token`. That variant is **not** used: an unknown token answers `token_invalid`.",
    "`rate_limit_exceeded` also carries the `Retry-After` header (integer seconds); see [rate limits](/rate-limits/).",
    "## Precedence",
    "Every request runs these checks in this order; the first failing check answers. So a request with an unknown token *and* an unknown parameter answers `token_invalid`, and a `pretty` that is not a boolean answers `parameter_invalid` only after the token checks pass.",
    table(
      ["#", "Check", "Fails with"],
      pipeline.map((step, index) => [
        String(index + 1),
        step.check,
        step.errors.map((error) => inlineCode(error)).join(" / "),
      ]),
    ),
    "Failures honour `pretty` once the request data was decoded (from check 4 on). Keys such as `__proto__` or `constructor` are ordinary unknown keys: `parameter_unexpected`.",
  );
}
