import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerOptions } from "../server/ServerOptions.js";
import { ensureSelfSignedCertificate } from "../tls/createSelfSignedCertificate.js";
import { type CheckedTlsFiles, readTlsFiles, TlsFilesError } from "../tls/readTlsFiles.js";
import { envFlag, fail } from "./cliArguments.js";
import type { LogLevel } from "./logLevels.js";
import { parseRateLimit } from "./parseRateLimit.js";
import { requestsDeadlineMs } from "./stopBudget.js";

/** Where `wsafe serve` keeps the self-signed certificate it makes: `./.wsafe/tls`. */
export const selfSignedDirectory = (): string => resolve(".wsafe/tls");

// The docs site built beside this package in the repository, served by default.
const repositoryDocs = fileURLToPath(new URL("../../../docs/dist/", import.meta.url));

/** The options of `wsafe serve` as commander parsed them. */
export interface ServeCliOptions {
  port: number;
  host: string;
  database: string;
  listenDatabase?: string;
  tlsCert?: string;
  tlsKey?: string;
  hsts?: boolean;
  hstsMaxAge: number;
  http?: boolean;
  rateLimit: string;
  redis?: string;
  demo?: boolean;
  docsDir?: string;
  headerPrefix: string;
  corsOrigin: string;
  shutdownTimeout: number;
  metricsPort?: number;
  metricsHost: string;
  /** Milliseconds, parsed from `--events-retention`. */
  eventsRetention: number;
  webhooksAllowHttp?: boolean;
  webhooksAllowPrivate?: boolean;
  /** `false` with `--no-deliveries` (commander's negated flag: `true` without it). */
  deliveries?: boolean;
  /** Milliseconds, parsed from `--webhook-retry-schedule`. */
  webhookRetrySchedule: readonly number[];
  webhookConcurrency: number;
  webhookEndpointConcurrency: number;
  /** Milliseconds, parsed from `--webhook-disable-after`. */
  webhookDisableAfter: number;
  /** Milliseconds, parsed from `--stream-ping`. */
  streamPing: number;
  /** Parsed from `--streams-per-token`. */
  streamsPerToken: number;
  /** Milliseconds, parsed from `--stream-max-duration`. */
  streamMaxDuration: number;
  logLevel: LogLevel;
}

/** What `wsafe serve` runs with, checked and read (certificate files included). */
export interface ServeConfig {
  /** The options of `startServer`, except logging and metrics. */
  server: ServerOptions;
  /** Seconds a stop may take in all (`--shutdown-timeout`); in-flight requests get `server.shutdownTimeoutMs` of them. */
  shutdownTimeout: number;
  /** Where the self-signed certificate made for localhost is, when one is used. */
  selfSignedCertPath?: string;
  /** `--tls-cert` and `--tls-key` as given, read again on SIGHUP; with what they held at start. */
  tlsFiles?: { certFile: string; keyFile: string; loaded: CheckedTlsFiles };
  /** The least severity the JSON log keeps (`--log-level`). */
  logLevel: LogLevel;
  /** The built docs site served at `/`, if any. */
  docsDir?: string;
  metricsPort?: number;
  metricsHost: string;
}

/**
 * Checks the options of `wsafe serve` and reads what they point to; exits with a
 * message when they are wrong. Without `--tls-cert` it makes (or reuses) a self-signed
 * certificate for localhost under `./.wsafe/tls`.
 *
 * @param options - as commander parsed them
 */
export async function resolveServeConfig(options: ServeCliOptions): Promise<ServeConfig> {
  const http = Boolean(options.http) || envFlag("WSAFE_HTTP");
  let rateLimit: ServerOptions["rateLimit"];
  try {
    rateLimit = parseRateLimit(options.rateLimit);
  } catch (error) {
    fail((error as Error).message);
  }
  if (Boolean(options.tlsCert) !== Boolean(options.tlsKey)) fail("--tls-cert and --tls-key go together");
  let tls: ServerOptions["tls"];
  let selfSignedCertPath: string | undefined;
  let tlsFiles: ServeConfig["tlsFiles"];
  if (!http) {
    if (options.tlsCert && options.tlsKey) {
      const loaded = await readTlsFiles(options.tlsCert, options.tlsKey).catch((error: unknown) => {
        if (error instanceof TlsFilesError) fail(error.message);
        throw error;
      });
      tls = { cert: loaded.cert, key: loaded.key };
      tlsFiles = { certFile: options.tlsCert, keyFile: options.tlsKey, loaded };
    } else {
      const files = await ensureSelfSignedCertificate(selfSignedDirectory());
      tls = { cert: files.cert, key: files.key };
      selfSignedCertPath = files.certPath;
    }
  }
  const docsDir = options.docsDir ?? (existsSync(repositoryDocs) ? repositoryDocs : undefined);
  return {
    server: {
      port: options.port,
      host: options.host,
      database: options.database,
      listenDatabase: options.listenDatabase,
      http,
      tls,
      rateLimit,
      redisUrl: options.redis,
      headerPrefix: options.headerPrefix,
      corsOrigin: options.corsOrigin,
      docsDir: docsDir ?? false,
      hstsMaxAge: options.hsts || envFlag("WSAFE_HSTS") ? options.hstsMaxAge : undefined,
      demo: Boolean(options.demo) || envFlag("WSAFE_DEMO"),
      shutdownTimeoutMs: requestsDeadlineMs(options.shutdownTimeout),
      eventsRetentionMs: options.eventsRetention,
      webhooks: {
        allowHttp: Boolean(options.webhooksAllowHttp) || envFlag("WSAFE_WEBHOOKS_ALLOW_HTTP"),
        allowPrivate: Boolean(options.webhooksAllowPrivate) || envFlag("WSAFE_WEBHOOKS_ALLOW_PRIVATE"),
        deliver: options.deliveries !== false && !envFlag("WSAFE_NO_DELIVERIES"),
        retryScheduleMs: options.webhookRetrySchedule,
        concurrency: options.webhookConcurrency,
        inFlightPerEndpoint: options.webhookEndpointConcurrency,
        disableAfterMs: options.webhookDisableAfter,
      },
      streamPingMs: options.streamPing,
      streams: { perToken: options.streamsPerToken, maxDurationMs: options.streamMaxDuration },
    },
    shutdownTimeout: options.shutdownTimeout,
    selfSignedCertPath,
    tlsFiles,
    logLevel: options.logLevel,
    docsDir,
    metricsPort: options.metricsPort,
    metricsHost: options.metricsHost,
  };
}
