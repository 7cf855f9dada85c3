import type { ServerMetrics } from "../metrics/createServerMetrics.js";
import type { RateLimit } from "../rateLimit/RateLimiter.js";
import type { StreamSettings } from "../streams/StreamSettings.js";
import type { WebhookSettings } from "../webhooks/WebhookSettings.js";

/**
 * How {@link startServer} runs. Every field is optional; the defaults serve HTTPS on
 * 127.0.0.1:8443 with a self-signed certificate and the embedded store in
 * `./.wsafe/data`.
 */
export interface ServerOptions {
  /** TCP port; `0` picks any free port. Default 8443. */
  port?: number;
  /** Interface to listen on. Default `127.0.0.1`. */
  host?: string;
  /** `postgres://...`, `memory://`, or a directory for the embedded store. Default `./.wsafe/data`. */
  database?: string;
  /**
   * A direct `postgres://` URL to the same database for the session that listens for
   * changes, when `database` goes through PgBouncer in transaction mode (which accepts
   * `LISTEN` but delivers no notification). Default: `database`.
   */
  listenDatabase?: string;
  /** Serve plain HTTP, for deployments behind a TLS-terminating proxy. Default false. */
  http?: boolean;
  /** Certificate and key (PEM text). Without them HTTPS uses a fresh self-signed localhost certificate. */
  tls?: { cert: string; key: string };
  /**
   * Keep token records and `resources.list` answers in memory, emptied by every change
   * the database announces (see `Store.startReadCache`), and the expected events each
   * `events.list` page computed for the next page of its walk (see `EventLog.startCache`).
   * Default true; false makes every request read the database, as a baseline for
   * measurements.
   */
  readCache?: boolean;
  /**
   * How long recorded events are kept (ms); `events.list` refuses an older `from`.
   * Default 90 days.
   */
  eventsRetentionMs?: number;
  /**
   * Whether this process records time events as their instants pass (default true). Every
   * server of a deployment may: recording is idempotent and serialised in the database.
   */
  recordEvents?: boolean;
  /**
   * How webhook endpoints are made and delivered to: `--webhooks-allow-http`,
   * `--webhooks-allow-private`, `--webhook-retry-schedule`; whether this process delivers
   * (default true); extra certificates to trust for endpoints. Default: https to public
   * addresses only, the Standard Webhooks retry schedule.
   */
  webhooks?: Partial<WebhookSettings>;
  /**
   * How often an idle `events.stream` gets a keep-alive ping (ms), below the idle timeout
   * of every proxy in front (`--stream-ping`). Default 15 s.
   */
  streamPingMs?: number;
  /**
   * The limits of `events.stream`: open streams per token (`--streams-per-token`, default
   * 5), the longest a stream stays open (`--stream-max-duration`, default 30 min), events
   * held for a slow reader (1 000). See `StreamSettings`.
   */
  streams?: Partial<StreamSettings>;
  /** Requests per window per token. Default 600 per 60 s. */
  rateLimit?: RateLimit;
  /** `redis://...`: keep rate-limit counters in Redis, shared by every process using it. */
  redisUrl?: string;
  /** Prefix of the `-Request-ID` and `-Response-Time` headers. Default `SVC`. */
  headerPrefix?: string;
  /** `Access-Control-Allow-Origin`. Default `*`. */
  corsOrigin?: string;
  /**
   * Send `Strict-Transport-Security: max-age=<seconds>` on every answer, so browsers use
   * only HTTPS for this host. Default: not sent (a browser that saw it refuses plain
   * HTTP to the host for the whole max-age). Browsers ignore it over plain HTTP, so
   * behind a TLS-terminating proxy (`http`) it takes effect through the proxy.
   */
  hstsMaxAge?: number;
  /**
   * Serve `GET /metrics` (Prometheus text format) on this port, on a listener of its
   * own over plain HTTP; `0` picks a free one. Default: no metrics listener, so metrics
   * are never public by accident.
   */
  metricsPort?: number;
  /** Interface of the metrics listener. Default `127.0.0.1`. */
  metricsHost?: string;
  /**
   * Count into these metrics (made by `createServerMetrics`), for a caller that serves
   * them itself, as the primary process of `wsafe serve --workers` does. With
   * `metricsPort` and no `metrics`, the server makes its own.
   */
  metrics?: ServerMetrics;
  /** A built documentation site to serve beside the API; false or absent: none. */
  docsDir?: string | false;
  /** Import the demo dataset when the store is empty. */
  demo?: boolean;
  /**
   * How long `close()` lets in-flight requests finish, in ms; past it the remaining
   * connections are cut and `close()` rejects with a `ShutdownTimeoutError` naming
   * them. Default 30 000.
   */
  shutdownTimeoutMs?: number;
  /** Logging: false (default) for none, true for JSON lines on stdout, or pino options (`{ level: "warn" }`). */
  logger?: boolean | object;
  /**
   * Calls the start off when aborted: the part under way (opening the store, the demo
   * import, a first round of the background work) finishes, every part started stops in
   * reverse, and `startServer` rejects with the signal's reason. A stop asked for while
   * the server starts (`wsafe serve` on SIGTERM) need not wait for the whole start.
   */
  signal?: AbortSignal;
}

/** A server that accepts connections. */
export interface RunningServer {
  /** Where it listens, e.g. `https://127.0.0.1:8443`. */
  url: string;
  /** The port it listens on (useful with `port: 0`). */
  port: number;
  /** Where its metrics are served, with `metricsPort`: e.g. `http://127.0.0.1:9464/metrics`. */
  metricsUrl?: string;
  /**
   * Stops accepting connections (`/readyz` answers `draining` to requests still
   * arriving on open ones), lets in-flight requests finish, then closes the store.
   * Rejects with a `ShutdownTimeoutError` when requests were still in flight after
   * `shutdownTimeoutMs` (they are cut, and the store closed, first).
   */
  close(): Promise<void>;
  /**
   * Serves another certificate and key (PEM) from the next TLS handshake on: connections
   * already open keep theirs, none is dropped (`https.Server.setSecureContext`). Logs
   * the change, with the certificate's subject and end of validity when given.
   *
   * @throws Error when the server serves plain HTTP, or the PEM texts are refused (the old certificate stays)
   */
  reloadTls(tls: { cert: string; key: string; subject?: string; validTo?: Date }): void;
  /** The server's JSON logger (pino, Fastify's), for a caller's lines beside the server's own. */
  log: RunningServerLog;
}

/** The part of the server's pino logger a caller writes with. */
export interface RunningServerLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
