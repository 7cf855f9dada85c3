// The errors page: every identifier with its description (from the schema's enum) and
// the order in which the request pipeline checks (the schema's `requestChecks`).
import {
  type ErrorIdentifier,
  errorDescriptions,
  errorIdentifiers,
  methods,
  prettyFromCheck,
  quotedInputLimit,
  requestCheckIds,
  requestChecks,
  unforeseenError,
} from "@wsafe/schema";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { methodPath } from "../sitePaths.js";

/** The identifiers each method's own lookups answer with, across the registry. */
const ownErrors = [...new Set(Object.values(methods).flatMap((method) => method.ownErrors))];

/** The precedence table: each check of the pipeline, then the unforeseen case. */
export const precedenceRows: readonly { rule: string; errors: readonly ErrorIdentifier[] }[] = [
  ...requestChecks.map((check) => ({
    rule: check.rule,
    errors: check.id === "method_lookups" ? ownErrors : check.errors,
  })),
  { rule: "Anything unforeseen (database down, a bug).", errors: [unforeseenError] },
];

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
    "Every failure is answered with HTTP status **200** and a JSON object with `ok: false`, an `error` identifier and a `description` for people. Branch on `error`, never on `description`: its wording may change. `description` names the offending parameter or key where there is one, quoting at most the first " +
      `${quotedInputLimit} characters of what the caller sent, and never holds a stack trace, SQL, a file path or another account's data.`,
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
      precedenceRows.map((row, index) => [
        String(index + 1),
        row.rule,
        row.errors.map((error) => inlineCode(error)).join(" / "),
      ]),
    ),
    `Failures honour \`pretty\` once the request data was decoded (from check ${requestCheckIds.indexOf(prettyFromCheck) + 1} on). Keys such as \`__proto__\` or \`constructor\` are ordinary unknown keys: \`parameter_unexpected\`.`,
  );
}
