// What a call of @wsafe/client throws: the kinds of `ErrorCode`, read from the client
// itself, and per method the identifiers `WsafeApiErrorOf<M>` narrows `error` to, read
// from the registry. Only the words are written here, keyed by the client's own types.
import {
  ErrorCode,
  type WsafeAbortError,
  type WsafeApiError,
  type WsafeTimeoutError,
  type WsafeTransportError,
  type WsafeValidationError,
} from "@wsafe/client";
import { type MethodDefinition, methods } from "@wsafe/schema";
import { clientCall } from "../clientCall.js";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { errorPath, methodPath } from "../sitePaths.js";

/** One kind of failure: the error's `name`, when it happens, and the fields a caller acts on. */
interface Kind<Fields extends string> {
  name: string;
  when: string;
  fields: readonly Fields[];
}

/**
 * The words for every `ErrorCode` key. `satisfies` fails the docs' typecheck when the
 * client gains a kind without words here, or a field listed is not on its interface.
 */
const kinds = {
  ApiError: {
    name: "WsafeApiError",
    when: "The service answered `ok: false`.",
    fields: ["error", "description", "requestId", "retryAfter"],
  } satisfies Kind<keyof WsafeApiError>,
  TransportError: {
    name: "WsafeTransportError",
    when: "No /v1 reply: the connection was refused, reset or timed out at the network, Node refused the server's TLS certificate (not retried; the message names the code), or the reply was not the JSON envelope (a proxy's HTML page, an empty or cut-off body).",
    fields: ["status", "bodySnippet", "cause"],
  } satisfies Kind<keyof WsafeTransportError>,
  TimeoutError: {
    name: "WsafeTimeoutError",
    when: "The call's `timeoutMs` passed, retries and their waits included.",
    fields: ["timeoutMs"],
  } satisfies Kind<keyof WsafeTimeoutError>,
  AbortError: {
    name: "WsafeAbortError",
    when: "Your `AbortSignal` fired.",
    fields: ["cause"],
  } satisfies Kind<keyof WsafeAbortError>,
  ValidationError: {
    name: "WsafeValidationError",
    when: "Response validation is on (`validateResponses`) and the reply breaks the contract.",
    fields: ["issues"],
  } satisfies Kind<keyof WsafeValidationError>,
} satisfies Record<keyof typeof ErrorCode, Kind<string>>;

/** Every field some kind lists. */
type FieldName = (typeof kinds)[keyof typeof kinds]["fields"][number];

/** What each field holds. */
const fieldWords: Record<FieldName, string> = {
  error: "the error identifier",
  description: "the envelope's text for people",
  requestId: "the request id, to quote to support",
  retryAfter: "seconds the service asked to wait, on `rate_limit_exceeded` only",
  status: "the HTTP status, undefined when no reply arrived",
  bodySnippet: "the start of the body that was not the envelope",
  cause: "the underlying error (for an abort, the signal's reason)",
  timeoutMs: "the limit that passed",
  issues: "where and how the reply differs (`path`, `message`)",
};

/** Every `ErrorCode` key with its words, in the client's order; a key without words fails the build. */
function kindEntries() {
  return Object.entries(ErrorCode).map(([key, code]) => {
    const kind = kinds[key as keyof typeof kinds] as Kind<FieldName> | undefined;
    if (!kind) throw new Error(`ErrorCode.${key} has no words on the client errors page`);
    return { key, code, ...kind };
  });
}

/** One row per kind: its code, when it is thrown, and the type it has. */
const kindRows = () =>
  kindEntries().map(({ key, code, name, when }) => [
    `${inlineCode(`ErrorCode.${key}`)}: ${inlineCode(code)}`,
    `${when} Typed \`${name}\`.`,
  ]);

/** One row per field a caller acts on, kind by kind; a table of three short columns reads better than one wide one. */
const fieldRows = () =>
  kindEntries().flatMap(({ name, fields }) =>
    fields.map((field) => [inlineCode(name), inlineCode(field), fieldWords[field]]),
  );

/** The identifiers of a method, linked to their rows on the errors page. */
const identifierLinks = (method: MethodDefinition) =>
  method.errors.map((identifier) => `[${inlineCode(identifier)}](${errorPath(identifier)})`).join(", ");

/** A `switch` over the API errors of one method, with the cases a caller usually handles. */
function switchExample(method: MethodDefinition): string {
  const errors = method.errors as readonly string[];
  const handled = [
    errors.includes("content_not_found") &&
      '    case "content_not_found":\n      return undefined; // no such record in this account',
    errors.includes("rate_limit_exceeded") &&
      `    case "rate_limit_exceeded":\n      throw new Error(\`busy, retry in \${err.retryAfter} s\`);`,
    errors.includes("parameter_invalid") &&
      `    case "parameter_invalid":\n      throw new Error(\`bad request: \${err.description}\`);`,
  ].filter(Boolean);
  return [
    'import { ErrorCode, isWsafeApiError, isWsafeError } from "@wsafe/client";',
    "",
    "try {",
    `  return ${clientCall(method)}`,
    "} catch (err) {",
    `  if (isWsafeApiError(err, ${JSON.stringify(method.name)})) {`,
    "    switch (err.error) {",
    ...handled.map((text) => `  ${String(text).replaceAll("\n", "\n  ")}`),
    "      default:",
    "        throw err; // any other identifier this method answers, with err.description and err.requestId",
    "    }",
    "  }",
    `  if (isWsafeError(err) && err.code === ErrorCode.TimeoutError) console.warn(\`gave up after \${err.timeoutMs} ms\`);`,
    "  throw err;",
    "}",
  ].join("\n");
}

/** The Markdown of the client errors page, `/client/errors/`. */
export function clientErrorsPage(): string {
  const all: MethodDefinition[] = Object.values(methods);
  const example = all.find((method) => method.errors.includes("content_not_found")) ?? all[0]!;
  return page(
    frontMatter({
      title: "Client errors",
      description: "What a call of @wsafe/client throws, and narrowing the error per method.",
    }),
    "A call resolves to the success body or throws one `WsafeError`. Its `code` says which kind of failure it is; every kind also carries `method` (the wire name called) and `meta` (request id, server time, HTTP status and attempts; see [response meta](/client/#request-id-and-server-time)).",
    "## Kinds",
    table(["`code`", "When"], kindRows()),
    "Besides `code`, `method` and `meta`, each kind carries what a caller acts on:",
    table(["Kind", "Field", "What it holds"], fieldRows()),
    "`isWsafeError(err)` tells these from every other error; `isWsafeApiError(err)` picks the API errors. Both check `code` rather than `instanceof`, so errors thrown by a second copy of the package still match. Which kinds are retried before they reach you is on the [retries](/client/retries/#what-is-retried) page.",
    "## Narrowing per method",
    `\`isWsafeApiError(err, method)\` narrows \`err.error\` to the identifiers that method can answer with, the type \`WsafeApiErrorOf<Method>\`. A \`switch\` on it is checked for exhaustiveness, and \`retryAfter\` is typed only where \`rate_limit_exceeded\` is possible. \`WsafeError<Method>\` is the union of everything a call of \`Method\` throws.`,
    code("ts", switchExample(example)),
    "The identifiers each method's API errors can hold, from the method registry of `@wsafe/schema` (what each one means is on the [errors](/errors/) page):",
    table(
      ["Method", "`err.error` of `WsafeApiErrorOf<Method>`"],
      all.map((method) => [`[${method.name}](${methodPath(method.name)})`, identifierLinks(method)]),
    ),
    `Branch on \`error\`, never on \`description\`: its wording may change. A server out of step with your client version may still answer an identifier outside a method's list (for example one added in a later minor version); it arrives as a \`WsafeApiError\` all the same, and [response validation](/validation/#in-the-client) flags it.`,
  );
}
