import {
  defaultEventsRetentionMs,
  defaultHeaderPrefix,
  durationText,
  headerNames,
  webhookDelivery,
} from "@wsafe/schema";
import { Option } from "commander";
import { defaultHstsMaxAge } from "../http/strictTransportSecurity.js";
import { defaultStreamPingMs, defaultStreamSettings } from "../streams/StreamSettings.js";
import {
  databaseOption,
  portNumber,
  positiveInteger,
  seconds,
  wholeSeconds,
  workerCount,
} from "./cliArguments.js";
import { duration, durationList, durationListText, durationUpToADay } from "./durations.js";
import { defaultLogLevel, logLevels } from "./logLevels.js";

// Grouped by what an operator sets them for, in the order `serve --help` lists them: the
// breaking-change gate (generated/cli.json) and operators' habits both read that order.

/**
 * Every option of `wsafe serve`, each with its `WSAFE_*` variable, in `--help`'s order.
 *
 * @example
 * for (const option of serveOptions()) command.addOption(option);
 */
export function serveOptions(): Option[] {
  return [
    ...listenerOptions(),
    ...answerOptions(),
    ...metricsOptions(),
    ...webhookOptions(),
    ...streamOptions(),
    ...processOptions(),
  ];
}

/** Where it listens, on which store, and over what transport (TLS, HSTS or plain HTTP). */
function listenerOptions(): Option[] {
  return [
    new Option("--port <N>", "TCP port (0: any free port)")
      .env("WSAFE_PORT")
      .default(8443)
      .argParser(portNumber),
    new Option("--host <HOST>", "interface to listen on").env("WSAFE_HOST").default("127.0.0.1"),
    databaseOption(),
    new Option(
      "--listen-database <URL>",
      "postgres://... reaching the database directly, for LISTEN, when --database goes through PgBouncer (transaction mode)",
    ).env("WSAFE_LISTEN_DATABASE"),
    new Option("--tls-cert <F>", "certificate file (PEM); default: a self-signed one for localhost").env(
      "WSAFE_TLS_CERT",
    ),
    new Option("--tls-key <F>", "private key file (PEM) of --tls-cert").env("WSAFE_TLS_KEY"),
    new Option(
      "--hsts",
      "send Strict-Transport-Security, so browsers use only HTTPS for this host (env WSAFE_HSTS=1)",
    ),
    new Option("--hsts-max-age <SECONDS>", "max-age of --hsts")
      .env("WSAFE_HSTS_MAX_AGE")
      .default(defaultHstsMaxAge)
      .argParser(wholeSeconds),
    new Option(
      "--http",
      "serve plain HTTP, for deployments behind a TLS-terminating proxy (env WSAFE_HTTP=1)",
    ),
  ];
}

/** How requests are limited and answered (headers, CORS, the docs beside the API), and how long a stop may take. */
function answerOptions(): Option[] {
  return [
    new Option("--rate-limit <N/Ws>", "N requests per W seconds per token")
      .env("WSAFE_RATE_LIMIT")
      .default("600/60s"),
    new Option("--redis <URL>", "redis://... to share rate limits between processes").env("WSAFE_REDIS"),
    new Option(
      "--demo",
      "import the demo dataset into an empty store and print a demo token (env WSAFE_DEMO=1)",
    ),
    new Option("--docs-dir <DIR>", "built documentation site to serve beside the API").env("WSAFE_DOCS_DIR"),
    new Option(
      "--header-prefix <P>",
      `prefix of the ${headerNames("<P>").requestId}/${headerNames("<P>").responseTime} headers`,
    )
      .env("WSAFE_HEADER_PREFIX")
      .default(defaultHeaderPrefix),
    new Option("--cors-origin <O>", "Access-Control-Allow-Origin").env("WSAFE_CORS_ORIGIN").default("*"),
    new Option(
      "--shutdown-timeout <S>",
      "seconds a stop after SIGTERM/SIGINT may take: in-flight requests get all but the last 2 s (the last quarter below 8 s), then are cut and the process exits 1; a second signal ends it at once",
    )
      .env("WSAFE_SHUTDOWN_TIMEOUT")
      .default(30)
      .argParser(seconds),
  ];
}

/** The Prometheus listener, off unless a port is given. */
function metricsOptions(): Option[] {
  return [
    new Option(
      "--metrics-port <N>",
      "serve Prometheus metrics at /metrics on this port (plain HTTP; 0: any free port); default: off",
    )
      .env("WSAFE_METRICS_PORT")
      .argParser(portNumber),
    new Option("--metrics-host <HOST>", "interface of the metrics listener")
      .env("WSAFE_METRICS_HOST")
      .default("127.0.0.1"),
  ];
}

/** How long events are kept, and where, how often and how many at once webhooks are delivered. */
function webhookOptions(): Option[] {
  return [
    new Option(
      "--events-retention <DURATION>",
      "how long recorded events are kept (90d, 36h, ...); events.list refuses an older `from`",
    )
      .env("WSAFE_EVENTS_RETENTION")
      .default(defaultEventsRetentionMs, durationText(defaultEventsRetentionMs))
      .argParser(duration),
    new Option(
      "--webhooks-allow-http",
      "let webhook endpoints be plain http://, for local development (env WSAFE_WEBHOOKS_ALLOW_HTTP=1)",
    ),
    new Option(
      "--webhooks-allow-private",
      "let webhook endpoints be loopback, private or link-local addresses, for local development (env WSAFE_WEBHOOKS_ALLOW_PRIVATE=1)",
    ),
    new Option(
      "--webhook-retry-schedule <DURATIONS>",
      "when each webhook attempt is made after the one before failed, e.g. 0s,1s,2s for tests",
    )
      .env("WSAFE_WEBHOOK_RETRY_SCHEDULE")
      .default(webhookDelivery.retryScheduleMs, durationListText(webhookDelivery.retryScheduleMs))
      .argParser(durationList),
    new Option(
      "--no-deliveries",
      "send no webhook deliveries from this process (events are still recorded and their deliveries queued): start a restored backup so, or it delivers again to live receivers (env WSAFE_NO_DELIVERIES=1)",
    ),
    new Option("--webhook-concurrency <N>", "webhook attempts this process makes at once")
      .env("WSAFE_WEBHOOK_CONCURRENCY")
      .default(8)
      .argParser(positiveInteger),
    new Option(
      "--webhook-endpoint-concurrency <N>",
      "webhook attempts under way at once to one endpoint, across every server on the database",
    )
      .env("WSAFE_WEBHOOK_ENDPOINT_CONCURRENCY")
      .default(webhookDelivery.inFlightPerEndpoint)
      .argParser(positiveInteger),
    new Option(
      "--webhook-disable-after <DURATION>",
      "disable a webhook endpoint whose attempts all failed for this long (5d, 36h, ...)",
    )
      .env("WSAFE_WEBHOOK_DISABLE_AFTER")
      .default(webhookDelivery.disableAfterMs, durationText(webhookDelivery.disableAfterMs))
      .argParser(duration),
  ];
}

/** What `events.stream` holds open: its pings, its count per token and its longest life. */
function streamOptions(): Option[] {
  return [
    new Option(
      "--stream-ping <DURATION>",
      "how often an idle events.stream gets a keep-alive ping; below every proxy's idle timeout",
    )
      .env("WSAFE_STREAM_PING")
      .default(defaultStreamPingMs, durationText(defaultStreamPingMs))
      .argParser(duration),
    new Option(
      "--streams-per-token <N>",
      "most events.stream subscriptions one token may hold open on this server process; the next answers limit_reached",
    )
      .env("WSAFE_STREAMS_PER_TOKEN")
      .default(defaultStreamSettings.perToken)
      .argParser(positiveInteger),
    new Option(
      "--stream-max-duration <DURATION>",
      "how long an events.stream stays open; then the client resumes after its last event and the token is checked again (at most 24h)",
    )
      .env("WSAFE_STREAM_MAX_DURATION")
      .default(defaultStreamSettings.maxDurationMs, durationText(defaultStreamSettings.maxDurationMs))
      .argParser(durationUpToADay),
  ];
}

/** The process itself: its log's level and how many worker processes share the port. */
function processOptions(): Option[] {
  return [
    new Option(
      "--log-level <LEVEL>",
      "least severity of the JSON log lines on stdout (silent: none); the lines for people go to stderr",
    )
      .env("WSAFE_LOG_LEVEL")
      .default(defaultLogLevel)
      .choices(logLevels),
    new Option("--workers <N>", "worker processes sharing the port, PostgreSQL only (auto: one per CPU)")
      .env("WSAFE_WORKERS")
      .default(1)
      .argParser(workerCount),
  ];
}
