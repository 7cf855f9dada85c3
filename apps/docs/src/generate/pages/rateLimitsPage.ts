// Rate limits: the `rate_limit` check of `requestChecks`, the headers, the `--rate-limit` flag.
import { errorDescriptions } from "@wsafe/schema";
import { code, frontMatter, page } from "../markdown.js";

/** The Markdown of the rate limits page. */
export function rateLimitsPage(): string {
  return page(
    frontMatter({
      title: "Rate limits",
      description: "Requests per token, rate_limit_exceeded and Retry-After.",
    }),
    "Each token may make a limited number of requests per time window. The default is **600 requests per 60 seconds** per token; the operator sets it with `wsafe serve --rate-limit N/Ws` (for example `--rate-limit 100/10s`).",
    `Over the limit, a request answers \`rate_limit_exceeded\` (${errorDescriptions.rate_limit_exceeded}) with HTTP 200 as always, and the \`Retry-After\` header holds the whole seconds to wait.`,
    code(
      "json",
      JSON.stringify(
        { ok: false, error: "rate_limit_exceeded", description: "request limit exceeded; retry after 12 s" },
        null,
        2,
      ),
    ),
    "## What counts",
    "Only requests that passed the earlier checks of the [pipeline](/errors/#precedence) count against a token: a request with an unknown URL, a bad HTTP method, undecodable request data, or a missing, unknown or inactive token is answered before the limit is consulted and does not use it up. Requests that fail later (a bad parameter, content not found) do count.",
    "## Many servers",
    "Counters live in the server's memory, or in Redis when the server runs with `--redis redis://...`, so that many server processes behind a load balancer share one limit per token.",
    "## When Redis is unreachable",
    "The limiter **fails closed**: while the server cannot reach Redis, every request that reaches the limit check answers `server_error` (never an unlimited pass, never a crash), and service resumes by itself as soon as Redis answers again. Failing open would let one token exceed its limit on every process at once, which is what a shared limit exists to prevent.",
    "## Clients",
    "`@wsafe/client` waits `Retry-After` and retries (3 times by default; see its `retries` option); when it gives up, or the wait would exceed its `maxDelayMs`, it throws the `rate_limit_exceeded` error with `retryAfter` in seconds. Other clients should honour `Retry-After` the same way.",
  );
}
