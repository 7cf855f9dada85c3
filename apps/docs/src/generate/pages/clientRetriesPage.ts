// How @wsafe/client retries, waits and stops: the policy with the defaults the client
// exports, Retry-After, the backoff, timeouts and abort. What is retried is the client's
// internal rule; test/packagePages.test.ts holds this page to its behaviour.
import type { RetryEvent, RetryOptions } from "@wsafe/client";
import { clientDefaults } from "@wsafe/client";
import { headerNames, methods } from "@wsafe/schema";
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

/** What a repeat of each write method does, when an earlier attempt was made after all. */
const repeatedWrites = {
  "webhooks.create":
    "Makes a second endpoint with the same URL (and a secret of its own): both get every delivery. `webhooks.list` shows it; delete the one whose secret you did not keep.",
  "webhooks.delete": "Answers `content_not_found`: the endpoint was deleted by the attempt before.",
  "webhooks.rotate_secret":
    "Rotates twice: the answer's secret is the newest, and the secret before the first rotation stops signing at once, so receivers still on it refuse deliveries until they have the new one.",
  "webhooks.redeliver":
    "Queues only what is over by then: the deliveries the first attempt queued are still pending and left alone (`queued` counts none of them), unless they were already delivered in between; then they go once more with the same `webhook-id`, which a receiver that keeps the ids it handled drops.",
  "inspections.record":
    "Records nothing more: the client sends an `idempotency_key` of its own (or yours), the same on every try, and the service answers a repeat with the first answer. So this write is retried as a read is, and after a `server_error` too (see [Recording inspections](/inspections/#retrying-safely-idempotency-keys)).",
} as const;

const retryEventRows = {
  method: "The wire name of the method.",
  attempt: "The attempt that failed: 1 for the first request.",
  delayMs: "How long the client waits before the next attempt.",
  error: "Why the attempt failed: a `WsafeError`.",
} satisfies Record<keyof RetryEvent, string>;

/** The Markdown of the retries page, `/client/retries/`. */
export function clientRetriesPage(): string {
  const all = Object.values(methods);
  // The policy retries every method alike; the page says what a repeated write does for
  // each write method it knows. A new one must be looked at before the page is built again.
  const writers = all.filter((method) => method.permission !== "read").map((method) => method.name);
  const unknown = writers.filter((name) => !(name in repeatedWrites));
  if (unknown.length)
    throw new Error(`the retries page does not say what a repeat of ${unknown} does: revisit it`);
  const statuses = retriedClientStatuses.join(" and ");
  return page(
    frontMatter({
      title: "Retries, timeouts, abort",
      description: "What @wsafe/client retries, how long it waits, Retry-After, timeouts and AbortSignal.",
    }),
    `The client retries the failures that another attempt can cure, up to ${maxRetries} times by default, and stops at once for everything else. For the methods that only read (those that need the \`read\` permission) sending a request again is always safe; for those that write, read [Writes](#writes) first.`,
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
          "no; `server_error` is retried for `inspections.record`, whose key makes a repeat safe",
          "another attempt gets the same answer",
        ],
        ["A validation error, a timeout, an abort", "no", ""],
      ],
    ),
    `The service answers \`rate_limit_exceeded\` with \`${retryAfter}\` in whole seconds (see [rate limits](/rate-limits/)). When the client gives up, the error it throws carries the last value as \`err.retryAfter\`.`,
    "## Writes",
    `The write methods are retried by the same rules. A \`rate_limit_exceeded\` answer, a refused connection or an unknown host mean the service did nothing, and a retry is safe. But a connection dropped after the request was sent, or a proxy's 5xx page, may hide an answer the service gave: the write was made, and the retry makes it again. What a repeat does:`,
    table(
      ["Method", "Repeated"],
      writers.map((name) => [
        `[\`${name}\`](/methods/${name}/)`,
        repeatedWrites[name as keyof typeof repeatedWrites],
      ]),
    ),
    "Where that matters, make these calls with a client of their own created with `retries: false`, and after a transport error read the state back (`webhooks.list`) before trying again yourself.",
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
