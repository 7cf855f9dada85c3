import cluster from "node:cluster";
import {
  defaultEventsRetentionMs,
  defaultHeaderPrefix,
  durationText,
  headerNames,
  webhookDelivery,
} from "@wsafe/schema";
import { Command, Option } from "commander";
import { defaultHstsMaxAge } from "../http/strictTransportSecurity.js";
import { ensurePortFree } from "../server/ensurePortFree.js";
import { databaseKind } from "../store/database/databaseKind.js";
import { defaultStreamPingMs, defaultStreamSettings } from "../streams/StreamSettings.js";
import { cannotStart } from "./cannotStart.js";
import {
  databaseOption,
  portNumber,
  positiveInteger,
  seconds,
  wholeSeconds,
  workerCount,
} from "./cliArguments.js";
import { createdPaths } from "./createdPaths.js";
import { duration, durationList, durationListText, durationUpToADay } from "./durations.js";
import { defaultLogLevel, logLevels } from "./logLevels.js";
import { resolveServeConfig, type ServeCliOptions, selfSignedDirectory } from "./resolveServeConfig.js";

/**
 * `wsafe serve`: its options (each with its `WSAFE_*` variable) and what runs them.
 *
 * @returns the command, for `program.addCommand`
 */
export function serveCommand(): Command {
  return new Command("serve")
    .description("Serve the /v1 API over HTTPS (plain HTTP with --http).")
    .addOption(
      new Option("--port <N>", "TCP port (0: any free port)")
        .env("WSAFE_PORT")
        .default(8443)
        .argParser(portNumber),
    )
    .addOption(new Option("--host <HOST>", "interface to listen on").env("WSAFE_HOST").default("127.0.0.1"))
    .addOption(databaseOption())
    .addOption(
      new Option(
        "--listen-database <URL>",
        "postgres://... reaching the database directly, for LISTEN, when --database goes through PgBouncer (transaction mode)",
      ).env("WSAFE_LISTEN_DATABASE"),
    )
    .addOption(
      new Option("--tls-cert <F>", "certificate file (PEM); default: a self-signed one for localhost").env(
        "WSAFE_TLS_CERT",
      ),
    )
    .addOption(new Option("--tls-key <F>", "private key file (PEM) of --tls-cert").env("WSAFE_TLS_KEY"))
    .option(
      "--hsts",
      "send Strict-Transport-Security, so browsers use only HTTPS for this host (env WSAFE_HSTS=1)",
    )
    .addOption(
      new Option("--hsts-max-age <SECONDS>", "max-age of --hsts")
        .env("WSAFE_HSTS_MAX_AGE")
        .default(defaultHstsMaxAge)
        .argParser(wholeSeconds),
    )
    .option("--http", "serve plain HTTP, for deployments behind a TLS-terminating proxy (env WSAFE_HTTP=1)")
    .addOption(
      new Option("--rate-limit <N/Ws>", "N requests per W seconds per token")
        .env("WSAFE_RATE_LIMIT")
        .default("600/60s"),
    )
    .addOption(
      new Option("--redis <URL>", "redis://... to share rate limits between processes").env("WSAFE_REDIS"),
    )
    .option("--demo", "import the demo dataset into an empty store and print a demo token (env WSAFE_DEMO=1)")
    .addOption(
      new Option("--docs-dir <DIR>", "built documentation site to serve beside the API").env(
        "WSAFE_DOCS_DIR",
      ),
    )
    .addOption(
      new Option(
        "--header-prefix <P>",
        `prefix of the ${headerNames("<P>").requestId}/${headerNames("<P>").responseTime} headers`,
      )
        .env("WSAFE_HEADER_PREFIX")
        .default(defaultHeaderPrefix),
    )
    .addOption(
      new Option("--cors-origin <O>", "Access-Control-Allow-Origin").env("WSAFE_CORS_ORIGIN").default("*"),
    )
    .addOption(
      new Option(
        "--shutdown-timeout <S>",
        "seconds a stop after SIGTERM/SIGINT may take: in-flight requests get all but the last 2 s (the last quarter below 8 s), then are cut and the process exits 1; a second signal ends it at once",
      )
        .env("WSAFE_SHUTDOWN_TIMEOUT")
        .default(30)
        .argParser(seconds),
    )
    .addOption(
      new Option(
        "--metrics-port <N>",
        "serve Prometheus metrics at /metrics on this port (plain HTTP; 0: any free port); default: off",
      )
        .env("WSAFE_METRICS_PORT")
        .argParser(portNumber),
    )
    .addOption(
      new Option("--metrics-host <HOST>", "interface of the metrics listener")
        .env("WSAFE_METRICS_HOST")
        .default("127.0.0.1"),
    )
    .addOption(
      new Option(
        "--events-retention <DURATION>",
        "how long recorded events are kept (90d, 36h, ...); events.list refuses an older `from`",
      )
        .env("WSAFE_EVENTS_RETENTION")
        .default(defaultEventsRetentionMs, durationText(defaultEventsRetentionMs))
        .argParser(duration),
    )
    .option(
      "--webhooks-allow-http",
      "let webhook endpoints be plain http://, for local development (env WSAFE_WEBHOOKS_ALLOW_HTTP=1)",
    )
    .option(
      "--webhooks-allow-private",
      "let webhook endpoints be loopback, private or link-local addresses, for local development (env WSAFE_WEBHOOKS_ALLOW_PRIVATE=1)",
    )
    .addOption(
      new Option(
        "--webhook-retry-schedule <DURATIONS>",
        "when each webhook attempt is made after the one before failed, e.g. 0s,1s,2s for tests",
      )
        .env("WSAFE_WEBHOOK_RETRY_SCHEDULE")
        .default(webhookDelivery.retryScheduleMs, durationListText(webhookDelivery.retryScheduleMs))
        .argParser(durationList),
    )
    .option(
      "--no-deliveries",
      "send no webhook deliveries from this process (events are still recorded and their deliveries queued): start a restored backup so, or it delivers again to live receivers (env WSAFE_NO_DELIVERIES=1)",
    )
    .addOption(
      new Option("--webhook-concurrency <N>", "webhook attempts this process makes at once")
        .env("WSAFE_WEBHOOK_CONCURRENCY")
        .default(8)
        .argParser(positiveInteger),
    )
    .addOption(
      new Option(
        "--webhook-endpoint-concurrency <N>",
        "webhook attempts under way at once to one endpoint, across every server on the database",
      )
        .env("WSAFE_WEBHOOK_ENDPOINT_CONCURRENCY")
        .default(webhookDelivery.inFlightPerEndpoint)
        .argParser(positiveInteger),
    )
    .addOption(
      new Option(
        "--webhook-disable-after <DURATION>",
        "disable a webhook endpoint whose attempts all failed for this long (5d, 36h, ...)",
      )
        .env("WSAFE_WEBHOOK_DISABLE_AFTER")
        .default(webhookDelivery.disableAfterMs, durationText(webhookDelivery.disableAfterMs))
        .argParser(duration),
    )
    .addOption(
      new Option(
        "--stream-ping <DURATION>",
        "how often an idle events.stream gets a keep-alive ping; below every proxy's idle timeout",
      )
        .env("WSAFE_STREAM_PING")
        .default(defaultStreamPingMs, durationText(defaultStreamPingMs))
        .argParser(duration),
    )
    .addOption(
      new Option(
        "--streams-per-token <N>",
        "most events.stream subscriptions one token may hold open on this server process; the next answers limit_reached",
      )
        .env("WSAFE_STREAMS_PER_TOKEN")
        .default(defaultStreamSettings.perToken)
        .argParser(positiveInteger),
    )
    .addOption(
      new Option(
        "--stream-max-duration <DURATION>",
        "how long an events.stream stays open; then the client resumes after its last event and the token is checked again (at most 24h)",
      )
        .env("WSAFE_STREAM_MAX_DURATION")
        .default(defaultStreamSettings.maxDurationMs, durationText(defaultStreamSettings.maxDurationMs))
        .argParser(durationUpToADay),
    )
    .addOption(
      new Option(
        "--log-level <LEVEL>",
        "least severity of the JSON log lines on stdout (silent: none); the lines for people go to stderr",
      )
        .env("WSAFE_LOG_LEVEL")
        .default(defaultLogLevel)
        .choices(logLevels),
    )
    .addOption(
      new Option("--workers <N>", "worker processes sharing the port, PostgreSQL only (auto: one per CPU)")
        .env("WSAFE_WORKERS")
        .default(1)
        .argParser(workerCount),
    )
    .action(async (options: ServeCliOptions & { workers: number }) => {
      // A worker runs this same command line, forked by the primary, and listens through
      // the primary's handle: only the primary looks at the ports, before it makes anything.
      // The server's modules are loaded here, not with the command line: `wsafe --help`,
      // `--version` and the store's commands start without them (~1 s of CPU less each).
      if (cluster.isWorker)
        return (await import("./cluster/serveWorker.js")).serveWorker(await resolveServeConfig(options));
      await ensurePortFree(options.port, options.host, "api").catch(cannotStart);
      if (options.metricsPort !== undefined)
        await ensurePortFree(options.metricsPort, options.metricsHost, "metrics").catch(cannotStart);
      // What a failed start removes again: the store's directory and the self-signed
      // certificate's, when this command is the one that makes them.
      const created = createdPaths([
        ...(databaseKind(options.database) === "directory" ? [options.database] : []),
        ...(options.tlsCert ? [] : [selfSignedDirectory()]),
      ]);
      const config = await resolveServeConfig(options);
      if (options.workers > 1)
        await (await import("./cluster/serveWorkers.js")).serveWorkers(config, options.workers, created);
      else await (await import("./serveOneProcess.js")).serveOneProcess(config, created);
    });
}
