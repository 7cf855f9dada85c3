// Authentication: the token in the request data, permissions, and the identifiers a
// token can fail with (the token checks of `requestChecks`, `datasetTokenSchema`).
import {
  type ErrorIdentifier,
  errorDescriptions,
  methods,
  type RequestCheckId,
  requestChecks,
} from "@wsafe/schema";
import { frontMatter, inlineCode, page, table } from "../markdown.js";
import { errorPath, methodPath } from "../sitePaths.js";

/** The checks of the pipeline that look at the token (the rate limit counts per token but is not one). */
const tokenCheckIds: readonly RequestCheckId[] = [
  "token_present",
  "token_known",
  "token_active",
  "account_active",
  "permission",
];

/** What those checks answer, in pipeline order, each once. */
const tokenErrors: readonly ErrorIdentifier[] = [
  ...new Set(
    requestChecks.filter((check) => tokenCheckIds.includes(check.id)).flatMap((check) => check.errors),
  ),
];

/** The Markdown of the authentication page. */
export function authenticationPage(): string {
  return page(
    frontMatter({
      title: "Authentication",
      description: "API tokens, permissions, and the failures they cause.",
    }),
    "Every request carries an API token as the `token` key **inside the request data** - the JSON object that is the POST body or the percent-encoded GET query string. It is not a header, a cookie or a query parameter of its own. Transport is HTTPS with TLS 1.2 as the minimum.",
    "A token belongs to one account and sees that account's records only; asking for another account's record answers `content_not_found`, exactly as if it did not exist. A token has the permission `read` and optionally `write`.",
    table(
      ["Method", "Permission needed"],
      Object.values(methods).map((method) => [
        `[${method.name}](${methodPath(method.name)})`,
        inlineCode(method.permission),
      ]),
    ),
    "## Failures",
    "The token checks run in this order, after the request data was decoded (see [precedence](/errors/#precedence)):",
    table(
      ["Identifier", "When"],
      tokenErrors.map((identifier) => [
        `[${inlineCode(identifier)}](${errorPath(identifier)})`,
        errorDescriptions[identifier],
      ]),
    ),
    '`token` absent or `""` is `token_missing`; any other non-string (a number, `null`, an object) is `token_invalid`.',
    "## Getting a token",
    "Tokens are created by the server's operator with `wsafe tokens create --account ID [--write]`, listed with `wsafe tokens list` (each token's id, never its secret), revoked with `wsafe tokens revoke ID` (its id, or its secret), or imported in a [dataset](/dataset/); `wsafe accounts deactivate ID` and `wsafe accounts activate ID` turn a whole account off and on again. The server stores only a hash of each token, and compares in constant time. `wsafe serve --demo` (`npm start`) prints the demo's read token `wsafe-demo-token-read` and its read-and-write token `wsafe-demo-token-write`: see [the demo](/command-line/#the-demo) for every demo token.",
    "## When a revocation takes effect",
    "A server keeps the token records it has read in memory, so that most requests do not ask the database. Every change to tokens or accounts - `wsafe tokens revoke`, `wsafe accounts deactivate`, a dataset import, an operator's own SQL - is announced by the database when its transaction commits (PostgreSQL `NOTIFY` on the channel `wsafe_changes`, sent by triggers), and every server drops what it holds on hearing it. A revoked token is therefore refused by the next request that arrives after the announcement, on every server: within milliseconds of the commit. A request already under way when the change commits is answered as it would have been a moment earlier.",
    "If a server loses its listening connection to PostgreSQL, it stops keeping anything and reads the database on every request until it listens again, so a missed announcement never leaves a revoked token working. Whatever happens to the announcements, nothing a server keeps serves for more than 30 seconds. The embedded store (PGlite) is used by one process only, whose own changes announce themselves the same way.",
  );
}
