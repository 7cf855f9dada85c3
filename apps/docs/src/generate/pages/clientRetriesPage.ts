// How @wsafe/client retries, waits and stops: the policy with the defaults the client
// exports, Retry-After, the backoff, timeouts and abort. What is retried is the client's
// internal rule; test/packagePages.test.ts holds this page to its behaviour.
import type { RetryEvent, RetryOptions } from "@wsafe/client";
import { clientDefaults } from "@wsafe/client";
import { headerNames, idempotencyKeyLifetimeMs, methods, readMethodVerbs } from "@wsafe/schema";
import { clientCall } from "../clientCall.js";
import { code, frontMatter, inlineCode, nameTable, page, table } from "../markdown.js";

const { maxRetries, minDelayMs, maxDelayMs } = clientDefaults.retries;
const retryAfter = headerNames().retryAfter;

/** HTTP statuses of a reply that is not the envelope that are still retried: the 4xx that mean "try again". */
const retriedClientStatuses = [408, 429] as const;

/**
 * The range of the backoff before retry `retry` (1 for the first): the ceiling doubles
 * from `minDelayMs` up to `maxDelayMs`, and the wait is jittered to half of it or more.
 */
function backoffRange(retry: number, min = minDelayMs, max = maxDelayMs): [number, number] {
  const ceiling = Math.min(max, min * 2 ** (retry - 1));
  return [Math.round(ceiling / 2), ceiling];
}

const retryOptionRows = {
  maxRetries: [String(maxRetries), "Retries after the first attempt; `0` for none."],
  minDelayMs: [`${minDelayMs} ms`, "The backoff before the first retry; it doubles with each retry."],
  maxDelayMs: [
    `${maxDelayMs} ms`,
    `The longest wait. A \`${retryAfter}\` longer than this is not waited for: the \`rate_limit_exceeded\` error is thrown at once, with \`retryAfter\`, for you to schedule.`,
  ],
} satisfies Record<keyof RetryOptions, [string, string]>;

const retryEventRows = {
  method: "The wire name of the method.",
  attempt: "The attempt that failed: 1 for the first request.",
  delayMs: "How long the client waits before the next attempt.",
  error: "Why the attempt failed: a `WsafeError`.",
} satisfies Record<keyof RetryEvent, string>;

/** The Markdown of the retries page, `/client/retries/`. */
export function clientRetriesPage(): string {
  const all = Object.values(methods);
  const writers = all.filter((method) => method.permission === "write").map((method) => method.name);
  const statuses = retriedClientStatuses.join(" and ");
  return page(
    frontMatter({
      title: "Retries, timeouts, abort",
      description: "What @wsafe/client retries, how long it waits, Retry-After, timeouts and AbortSignal.",
    }),
    `The client retries the failures that another attempt can cure, up to ${maxRetries} times by default, and stops at once for everything else. A method that only reads changes nothing, and every method that writes takes an \`idempotency_key\`, which the client sends (see [Writes](#writes)): sending a request again is safe for both.`,
    "## What is retried",
    table(
      ["Failure", "Retried", "Wait"],
      [
        [
          "`rate_limit_exceeded`",
          "yes",
          `\`${retryAfter}\` seconds; the [backoff](#backoff) when the header is missing. A \`${retryAfter}\` above \`maxDelayMs\` is not waited for: the error is thrown at once.`,
        ],
        ["No reply: connection refused or reset, DNS failure", "yes", "[backoff](#backoff)"],
        [
          "A TLS certificate Node refuses (self-signed, unknown issuer, expired, another host name); the message names Node's code, e.g. `DEPTH_ZERO_SELF_SIGNED_CERT`",
          "no",
          "the server shows the same certificate again; trust it with `NODE_EXTRA_CA_CERTS` (see [the client](/client/#a-development-servers-certificate))",
        ],
        [
          "A reply that is not the envelope: a proxy's 5xx page, an empty or cut-off body",
          "yes",
          "[backoff](#backoff)",
        ],
        [
          `A 4xx page from something in front of the service, other than ${statuses}`,
          "no",
          "it would answer the same again",
        ],
        [
          "Any other API error (`token_invalid`, `parameter_invalid`, `server_error`...)",
          "no; a write's `server_error` is retried: its key makes a repeat safe, and the service may have failed midway",
          "another attempt gets the same answer",
        ],
        ["A validation error, a timeout, an abort", "no", ""],
      ],
    ),
    `The service answers \`rate_limit_exceeded\` with \`${retryAfter}\` in whole seconds (see [rate limits](/rate-limits/)). When the client gives up, the error it throws carries the last value as \`err.retryAfter\`.`,
    "## Writes",
    `A write sent again could act twice: make a second endpoint, rotate a secret twice, record an inspection twice. So every write method takes an \`idempotency_key\` (${writers.map((name) => `[\`${name}\`](/methods/${name}/)`).join(", ")}), and the client sends one of its own with each write call (32 random hex digits), the same on every try, unless you pass yours. The service answers a repeat of a key and its parameters with the first answer and changes nothing more, so a write is retried by the same rules as a read, and after a \`server_error\` too. A key sent again with other parameters, or to another method, answers \`idempotency_key_reused\`; the service keeps a key ${idempotencyKeyLifetimeMs / 3_600_000} hours, per account ([retrying safely](/inspections/#retrying-safely-idempotency-keys)).`,
    `The client tells a write by its name, as the service's permissions do: every method whose name does not end in ${readMethodVerbs.map((verb) => inlineCode(`.${verb}`)).join(", ")} (\`isWriteMethod\` of \`@wsafe/schema/wire\`), so a write method added to the service is keyed with no change to the client. To send a write again yourself after the call threw (a timeout, an abort), pass your own \`idempotency_key\` and the same parameters: you get the first answer, or the write is made once.`,
    "## Backoff",
    `The wait before retry *n* is at most \`minDelayMs\` × 2^(n-1), capped at \`maxDelayMs\`, and jittered to between half of that and all of it, so that clients that failed together do not come back together. With the defaults:`,
    table(
      ["Retry", "Wait"],
      Array.from({ length: maxRetries }, (_, index) => {
        const [low, high] = backoffRange(index + 1);
        return [String(index + 1), `${low} to ${high} ms`];
      }),
    ),
    "## The policy",
    `\`createClient({ retries })\` takes these fields; each one left out keeps its default (\`clientDefaults.retries\`). \`retries: false\` makes a single attempt.`,
    nameTable(
      ["Field", "Default", "Meaning"],
      Object.entries(retryOptionRows).map(([name, [fallback, meaning]]) => [
        inlineCode(name),
        fallback,
        meaning,
      ]),
    ),
    "`onRetry` is called before each wait, with:",
    nameTable(
      ["Field", "Meaning"],
      Object.entries(retryEventRows).map(([name, meaning]) => [inlineCode(name), meaning]),
    ),
    "Throwing from `onRetry` ends the call with that error. `getMeta(result).attempts` (or `err.meta.attempts`) says how many requests a call made.",
    code(
      "ts",
      [
        'import { clientDefaults, createClient } from "@wsafe/client";',
        "",
        "const client = createClient({",
        "  baseUrl,",
        "  token,",
        "  retries: { ...clientDefaults.retries, maxRetries: 5, maxDelayMs: 10_000 },",
        "  onRetry: ({ method, attempt, delayMs, error }) => log.warn({ method, attempt, delayMs, code: error.code }),",
        "});",
      ].join("\n"),
    ),
    "## Timeouts",
    `\`timeoutMs\` (default ${clientDefaults.timeoutMs} ms) bounds the **whole call**: every attempt and every wait between them. When it passes, the request in flight is aborted and the call throws a \`WsafeTimeoutError\` with \`timeoutMs\`. A retry whose wait would end past the deadline is not started: the call throws the failure itself, which says more than a timeout would. \`0\` or \`Infinity\` means no limit; a call can set its own with \`{ timeoutMs }\`.`,
    "## Abort",
    "Pass an `AbortSignal` as `{ signal }` to a call. When it fires, the request in flight is aborted, a retry's wait ends at once, and the call throws a `WsafeAbortError` whose `cause` is the signal's reason. Aborts are never retried.",
    code(
      "ts",
      [
        'import { ErrorCode, isWsafeError } from "@wsafe/client";',
        "",
        "const controller = new AbortController();",
        'setTimeout(() => controller.abort(new Error("user left the page")), 1_000);',
        "try {",
        `  ${clientCall(all[0]!, "{ signal: controller.signal }")}`,
        "} catch (err) {",
        '  if (isWsafeError(err) && err.code === ErrorCode.AbortError) return; // err.cause: "user left the page"',
        "  throw err;",
        "}",
      ].join("\n"),
    ),
    "What each failure carries is on the [client errors](/client/errors/) page.",
  );
}
