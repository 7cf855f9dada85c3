// The server's command line: `wsafe serve`, `import`, `tokens` and `accounts`.
import { defaultHeaderPrefix, headerNames, webhookDelivery } from "@wsafe/schema";
import { code, frontMatter, page, table } from "../markdown.js";
import { formatDuration } from "../webhooks/webhookTables.js";
import { defaultRetentionFlagValue } from "./eventsPage.js";

/** The Markdown of the command line page. */
export function commandLinePage(): string {
  return page(
    frontMatter({
      title: "Command line",
      description: "Running the server: wsafe serve, import, tokens and accounts.",
    }),
    "The server's command line is the `wsafe` binary of `@wsafe/server`. From the repository root, after the README's set-up, `npm run wsafe -- <command>` runs it.",
    "## Commands",
    table(
      ["Command", "What it does"],
      [
        [
          "`wsafe serve [--port 8443] [--host 127.0.0.1] [--database D] [--tls-cert F --tls-key F] [--http] [--rate-limit N/Ws] [--redis URL] [--demo]`",
          "Serves the API, and this site at `/` (see `--docs-dir`). Without certificate files it makes a self-signed certificate for localhost and prints where its PEM is. `--http` serves plain HTTP (behind a TLS-terminating proxy). `--demo` imports the demo dataset into an empty store and prints the demo tokens (read, and read with write) and three ready `curl` lines whose answers fit a screen: a GET and a POST that read, and a POST that records an inspection of a schedule the demo holds expired.",
        ],
        [
          "`wsafe import FILE [--database D] [--metrics-port N]`",
          "Imports a [dataset](/dataset/) file and prints counts. An invalid file exits with code 1 and every problem of it, shape and references in one run (the first 50 listed), each record named by its id; a file that is not JSON, with the line and column of the fault. Nothing is written. With `--metrics-port` (and `--metrics-host`, default `127.0.0.1`) Prometheus can follow its progress at `/metrics` while it runs.",
        ],
        [
          "`wsafe tokens create --account ID [--write]`",
          "Issues a token for an account (with `write` permission when asked) and prints it once; only its hash is stored.",
        ],
        ["`wsafe tokens revoke TOKEN`", "Deactivates a token: it then answers `token_inactive`."],
        [
          "`wsafe accounts deactivate ID`",
          "Deactivates an account: its tokens then answer `account_inactive`.",
        ],
      ],
    ),
    "## Options of `serve`",
    table(
      ["Option", "Environment", "Default", "Meaning"],
      [
        ["`--port N`", "`WSAFE_PORT`", "`8443`", "TCP port; `0` picks a free one."],
        ["`--host HOST`", "`WSAFE_HOST`", "`127.0.0.1`", "Interface to listen on."],
        [
          "`--database D`",
          "`WSAFE_DATABASE`",
          "`./.wsafe/data`",
          "A `postgres://` (or `postgresql://`) URL uses PostgreSQL; `memory://` an in-memory store; a path is a directory for the embedded store (PGlite). Any other `scheme://` (a typo such as `postgress://`) is refused, naming the scheme, before anything is created. Every command that opens the store takes it.",
        ],
        [
          "`--tls-cert F`, `--tls-key F`",
          "`WSAFE_TLS_CERT`, `WSAFE_TLS_KEY`",
          "self-signed",
          "PEM certificate and key for HTTPS (TLS 1.2 minimum; on TLS 1.2 only ECDHE key exchange with AEAD suites). Without them a self-signed certificate for localhost is made and its PEM path printed.",
        ],
        [
          "`--hsts`",
          "`WSAFE_HSTS=1`",
          "off",
          "Send `Strict-Transport-Security: max-age=…` on every answer, so browsers use only HTTPS for this host. Turn it on once the host is meant to stay on HTTPS: a browser that saw it refuses plain HTTP to the host for the whole max-age. See [Operate](/operate/#tls-and-hsts).",
        ],
        [
          "`--hsts-max-age SECONDS`",
          "`WSAFE_HSTS_MAX_AGE`",
          "`31536000` (one year)",
          "The max-age `--hsts` sends.",
        ],
        ["`--http`", "`WSAFE_HTTP=1`", "off", "Plain HTTP, for deployments behind a TLS-terminating proxy."],
        [
          "`--rate-limit N/Ws`",
          "`WSAFE_RATE_LIMIT`",
          "`600/60s`",
          "N requests per W seconds per token. See [rate limits](/rate-limits/).",
        ],
        [
          "`--redis URL`",
          "`WSAFE_REDIS`",
          "in memory",
          "Keep rate-limit counters in Redis so that many server processes share one limit.",
        ],
        [
          "`--demo`",
          "`WSAFE_DEMO=1`",
          "off",
          "Import the demo dataset into an empty store; print the demo tokens and three ready `curl` lines (GET `users.info`, POST one page of five harnesses with three columns, POST `inspections.record` of harness `eq_h_0001`'s expired pre-use check with the write token).",
        ],
        [
          "`--docs-dir DIR`",
          "`WSAFE_DOCS_DIR`",
          "`apps/docs/dist` when built",
          "The built documentation site (this site) to serve at `/` beside the API.",
        ],
        [
          "`--header-prefix P`",
          "`WSAFE_HEADER_PREFIX`",
          `\`${defaultHeaderPrefix}\``,
          `Prefix of the \`${headerNames("P").requestId}\` and \`${headerNames("P").responseTime}\` headers.`,
        ],
        ["`--cors-origin O`", "`WSAFE_CORS_ORIGIN`", "`*`", "`Access-Control-Allow-Origin` of every answer."],
        [
          "`--listen-database URL`",
          "`WSAFE_LISTEN_DATABASE`",
          "`--database`",
          "A direct `postgres://` URL for the one session that listens for changes, when `--database` goes through PgBouncer in transaction mode (which delivers no notification).",
        ],
        [
          "`--events-retention DURATION`",
          "`WSAFE_EVENTS_RETENTION`",
          `\`${defaultRetentionFlagValue}\``,
          "How long recorded events are kept (`90d`, `36h`, `30m`, `45s`); `events.list` answers an older `from` with `parameter_invalid`, naming the oldest instant kept. See [Events](/events/#retention).",
        ],
        [
          "`--stream-ping DURATION`",
          "`WSAFE_STREAM_PING`",
          "`15s`",
          "How often an idle `events.stream` gets a keep-alive ping; keep it below every proxy's idle timeout. See [Events](/events/#the-stream).",
        ],
        [
          "`--webhooks-allow-http`",
          "`WSAFE_WEBHOOKS_ALLOW_HTTP=1`",
          "off",
          "Let webhook endpoints be plain `http://`, for local development; otherwise `webhooks.create` refuses them. See [Webhooks](/webhooks/#security).",
        ],
        [
          "`--webhooks-allow-private`",
          "`WSAFE_WEBHOOKS_ALLOW_PRIVATE=1`",
          "off",
          "Let webhook endpoints be loopback, private, link-local and the other refused addresses, when made and when delivered to, for local development only: on a server that can reach a cloud's metadata or an internal network, this is what server-side request forgery needs. See [Webhooks](/webhooks/#security).",
        ],
        [
          "`--webhook-retry-schedule DURATIONS`",
          "`WSAFE_WEBHOOK_RETRY_SCHEDULE`",
          `\`${webhookDelivery.retryScheduleMs.map((ms) => formatDuration(ms, { days: false }).replaceAll(" ", "")).join(",")}\``,
          "When each webhook attempt is made after the one before failed (the first after the event is recorded), e.g. `0s,1s,2s` for a test; after the last, the delivery gives up. See [Webhooks](/webhooks/#retries).",
        ],
        [
          "`--shutdown-timeout S`",
          "`WSAFE_SHUTDOWN_TIMEOUT`",
          "30",
          "Seconds that requests in flight get to finish after SIGTERM/SIGINT; past them the server cuts them, names them in one line and exits 1.",
        ],
        [
          "`--workers N`",
          "`WSAFE_WORKERS`",
          "1",
          "Worker processes sharing the port (`node:cluster`), PostgreSQL only; `auto`: one per CPU. One readiness line for all; a worker that exits unexpectedly is restarted after a back-off; SIGTERM stops every worker gracefully. The embedded store belongs to one process, so it is refused there.",
        ],
        [
          "`--metrics-port N`",
          "`WSAFE_METRICS_PORT`",
          "off",
          "Serve Prometheus metrics at `/metrics` on this port, over plain HTTP, on a listener of its own (never on the API's port); `0` picks a free one. Prints `metrics on URL` before the readiness line. The metrics: [Operate](/operate/#metrics).",
        ],
        [
          "`--metrics-host HOST`",
          "`WSAFE_METRICS_HOST`",
          "`127.0.0.1`",
          "Interface of the metrics listener: open it wider only where the scraper needs it.",
        ],
      ],
    ),
    "`wsafe <command> --help` prints the same, as the installed version has it; `wsafe --version` (or `-V`) prints the version of `@wsafe/server`.",
    "## Running",
    code(
      "sh",
      [
        "npm start                           # wsafe serve --demo on the embedded store",
        "npm run wsafe -- serve --port 9443 --database postgres://wsafe@127.0.0.1/wsafe",
        "npm run wsafe -- import dataset.json",
      ].join("\n"),
    ),
    "`serve` prints a line containing `listening on https://HOST:PORT` (or `http://` with `--http`) once it accepts connections. A port in use fails at once, before the store is opened, with `port 8443 on 127.0.0.1 is in use: stop what uses it or choose another with --port` (`--metrics-port` for the metrics listener); a start that fails later removes the store and certificate directories it created, and nothing that was there before. Its JSON log names the scheme it serves (`Server listening at https://...`) and logs one line per API request at info; requests for this site's pages and assets log at debug. SIGTERM and SIGINT stop it gracefully: it accepts no new connection, `/readyz` answers 503 `draining`, requests in flight finish, then it exits with 0; requests still in flight after `--shutdown-timeout` seconds are cut and it exits with 1, naming them. `GET /healthz` (alive) and `GET /readyz` (store, migrations and Redis answer; not stopping) serve load balancers, outside `/v1`.",
  );
}
