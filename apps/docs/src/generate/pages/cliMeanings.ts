// What each command and flag of `wsafe` is for, in the words of the Command line page.
// Which flags exist, their variables and defaults are not here: they are read from the
// built program (../cliReference.ts), and the page fails to build when a flag has no
// words here or words here name a flag the program lacks.
import { defaultHeaderPrefix, headerNames } from "@wsafe/schema";

/** The words for one flag: what it does, and what happens without it when it has no default. */
export interface OptionMeaning {
  meaning: string;
  /** The Default cell of a flag the program gives no default value ("off", "self-signed"). */
  unset?: string;
}

/** Each command that does something, by its path. */
export const commandMeanings: Record<string, string> = {
  "wsafe serve":
    "Serves the API, and this site at `/` (see `--docs-dir`). Without certificate files it makes a self-signed certificate for localhost and prints where its PEM is. `--http` serves plain HTTP (behind a TLS-terminating proxy). `--demo` imports the demo dataset into an empty store and prints its tokens and four ready `curl` lines whose answers fit a screen: a GET and a POST that read, a POST that records an inspection of a schedule the demo holds expired, and a POST that adds a harness to the register (its `idempotency_key` makes a second paste answer the same harness).",
  "wsafe import":
    "Imports a [dataset](/dataset/) file and prints counts. An invalid file exits with code 1 and every problem of it, shape and references in one run (the first 50 listed), each record named by its id; a file that is not JSON, with the line and column of the fault. Nothing is written, and a store directory the import made is removed again. A schedule whose `expiringOn` is after its `expiresOn` is imported and named in a warning. With `--metrics-port` Prometheus can follow its progress at `/metrics` while it runs.",
  "wsafe tokens create":
    "Issues a token for an account (with `write` permission when asked) and prints its secret once, on stdout alone (`TOKEN=$(wsafe tokens create ...)` keeps it); only its hash is stored. Its id (`tok_` and 16 hex digits), which names it from then on, follows on stderr.",
  "wsafe tokens list":
    "Lists the tokens, one a line: id, account, permissions, when it was created (UTC) and whether it is active (`yes (account inactive)`: the token is on, its account off). Never a secret, nor its hash. `--account` keeps one account's.",
  "wsafe tokens revoke":
    "Deactivates a token, named by its id (from `tokens list` or `tokens create`) or by its secret: it then answers `token_inactive`. An unknown secret is not printed back.",
  "wsafe accounts deactivate": "Deactivates an account: its tokens then answer `account_inactive`.",
  "wsafe accounts activate":
    "Activates an account again, undoing `accounts deactivate`: its tokens that are active answer again; those revoked stay revoked.",
};

const databaseMeaning =
  "A `postgres://` (or `postgresql://`) URL uses PostgreSQL; `memory://` an in-memory store; a path is a directory for the embedded store (PGlite), which one process at a time may open. Any other `scheme://` (a typo such as `postgress://`) is refused, naming the scheme, before anything is created.";

/** Each flag of `wsafe serve`. */
export const serveOptionMeanings: Record<string, OptionMeaning> = {
  "--port": { meaning: "TCP port; `0` picks a free one." },
  "--host": { meaning: "Interface to listen on." },
  "--database": { meaning: databaseMeaning },
  "--listen-database": {
    meaning:
      "A direct `postgres://` URL for the one session that listens for changes, when `--database` goes through PgBouncer in transaction mode (which delivers no notification).",
    unset: "`--database`",
  },
  "--tls-cert": {
    meaning:
      "PEM certificate for HTTPS (TLS 1.2 minimum; on TLS 1.2 only ECDHE key exchange with AEAD suites). A missing file, the two files swapped or a key of another certificate stop the start with a line naming the file. SIGHUP reads both files again: see [rotating the certificate](/operate/#rotating-the-certificate).",
    unset: "self-signed, for localhost",
  },
  "--tls-key": { meaning: "The private key (PEM, unencrypted) of `--tls-cert`.", unset: "-" },
  "--hsts": {
    meaning:
      "Send `Strict-Transport-Security: max-age=…` on every answer, so browsers use only HTTPS for this host. Turn it on once the host is meant to stay on HTTPS: a browser that saw it refuses plain HTTP to the host for the whole max-age. See [Operate](/operate/#tls-and-hsts).",
    unset: "off",
  },
  "--hsts-max-age": { meaning: "The max-age `--hsts` sends, in seconds (one year by default)." },
  "--http": { meaning: "Plain HTTP, for deployments behind a TLS-terminating proxy.", unset: "off" },
  "--rate-limit": { meaning: "N requests per W seconds per token. See [rate limits](/rate-limits/)." },
  "--redis": {
    meaning: "Keep rate-limit counters in Redis so that many server processes share one limit.",
    unset: "in memory",
  },
  "--demo": {
    meaning:
      "Import the demo dataset into an empty store; print the demo's tokens (read, and read with write) and four ready `curl` lines (GET `users.info`, POST one page of five harnesses with three columns, POST `inspections.record` of harness `eq_h_0001`'s expired pre-use check with the write token, POST `equipments.create` of a new harness with the write token and an `idempotency_key`). See [the demo](#the-demo).",
    unset: "off",
  },
  "--docs-dir": {
    meaning: "The built documentation site (this site) to serve at `/` beside the API.",
    unset: "`apps/docs/dist` when built",
  },
  "--header-prefix": {
    meaning: `Prefix of the \`${headerNames("P").requestId}\` and \`${headerNames("P").responseTime}\` headers (\`${headerNames(defaultHeaderPrefix).requestId}\`).`,
  },
  "--cors-origin": { meaning: "`Access-Control-Allow-Origin` of every answer." },
  "--shutdown-timeout": {
    meaning:
      "Seconds a stop after SIGTERM/SIGINT may take: requests in flight get all but the last 2 s (the last quarter, below 8 s) to finish, then the server cuts them, names them in one line and exits 1; whatever else holds the stop, the process ends at this timeout. A second signal ends it at once.",
  },
  "--metrics-port": {
    meaning:
      "Serve Prometheus metrics at `/metrics` on this port, over plain HTTP, on a listener of its own (never on the API's port); `0` picks a free one. Prints `metrics on URL` before the readiness line. The metrics: [Operate](/operate/#metrics).",
    unset: "off",
  },
  "--metrics-host": {
    meaning: "Interface of the metrics listener: open it wider only where the scraper needs it.",
  },
  "--events-retention": {
    meaning:
      "How long recorded events are kept (`90d`, `36h`, `30m`, `45s`); `events.list` answers an older `from` with `parameter_invalid`, naming the oldest instant kept. Every start says in the log how long events are kept and the oldest one recorded; a retention shorter than the history the store holds names the span the prune deletes (within the hour), at `warn` when it is more than the hourly prune leaves. See [Events](/events/#retention).",
  },
  "--webhooks-allow-http": {
    meaning:
      "Let webhook endpoints be plain `http://`, for local development; otherwise `webhooks.create` refuses them. See [Webhooks](/webhooks/#security).",
    unset: "off",
  },
  "--webhooks-allow-private": {
    meaning:
      "Let webhook endpoints be loopback, private, link-local and the other refused addresses, when made and when delivered to, for local development only: on a server that can reach a cloud's metadata or an internal network, this is what server-side request forgery needs. See [Webhooks](/webhooks/#security).",
    unset: "off",
  },
  "--webhook-retry-schedule": {
    meaning:
      "A list, separated by commas, of when each webhook attempt is made after the one before failed (the first after the event is recorded), e.g. `0s,1s,2s` for a test; after the last, the delivery gives up. See [Webhooks](/webhooks/#retries).",
  },
  "--webhook-concurrency": {
    meaning:
      "Webhook attempts this process makes at once; a slot that frees takes the next delivery due at once. See [Webhooks](/webhooks/#delivery).",
  },
  "--webhook-endpoint-concurrency": {
    meaning:
      "Webhook attempts under way at once to one endpoint, counted across every server on the database: a slow receiver holds no more slots than this, and the others go to other endpoints. `1` makes an endpoint's deliveries arrive one at a time, in the order their events were recorded.",
  },
  "--webhook-disable-after": {
    meaning:
      "How long a webhook endpoint may fail (counted from the first failed attempt after its last success) before it is disabled, with `state_reason` saying since when; `webhooks.redeliver` enables it again. See [Webhooks](/webhooks/#states).",
  },
  "--no-deliveries": {
    meaning:
      "Send no webhook deliveries from this process: events are still recorded and their deliveries queued, for a server with deliveries on to send. Start a restored backup this way (see [Operate: backup and restore](/operate/#backup-and-restore)): it holds the deliveries that were queued when it was taken, and would send them again to live receivers. Said at start, on stderr and in the log.",
    unset: "off: this process delivers",
  },
  "--stream-ping": {
    meaning:
      "How often an idle `events.stream` gets a keep-alive ping; keep it below every proxy's idle timeout. See [Events](/events/#the-stream).",
  },
  "--streams-per-token": {
    meaning:
      "The most `events.stream` subscriptions one token may hold open on one server process; the next is refused with `limit_reached`, whose description names this flag. See [Operate: streams](/operate/#streams).",
  },
  "--stream-max-duration": {
    meaning:
      "How long an `events.stream` stays open (at most `24h`); then it ends, its client resumes after its last event, and the token, the account and the limits are checked again.",
  },
  "--log-level": {
    meaning:
      "The least severe JSON log lines kept on stdout: `fatal`, `error`, `warn`, `info` (a line per API request), `debug` (also the requests for this site's pages), `trace`, or `silent` for none. The lines for people on stderr are always written. See [Operate: logs](/operate/#logs).",
  },
  "--workers": {
    meaning:
      "Worker processes sharing the port (`node:cluster`), PostgreSQL only; `auto`: one per CPU. One readiness line for all; a worker that exits unexpectedly is restarted after a back-off; SIGTERM stops every worker gracefully, within `--shutdown-timeout`. The embedded store belongs to one process, so it is refused there.",
  },
};

/** Each flag of the other commands, by flag (the same words wherever it appears). */
export const otherOptionMeanings: Record<string, OptionMeaning> = {
  "--database": { meaning: databaseMeaning },
  "--metrics-port": {
    meaning: "Serve the import's progress at `/metrics` on this port while it runs.",
    unset: "off",
  },
  "--metrics-host": { meaning: "Interface of that metrics listener." },
  "--account": {
    meaning:
      "`tokens create`: the account the token belongs to (required). `tokens list`: only this account's tokens.",
    unset: "-",
  },
  "--write": { meaning: "Grant `write` permission besides `read`.", unset: "read only" },
};
