/**
 * The metrics a `wsafe serve` process exposes at `/metrics` (Prometheus text format)
 * when started with `--metrics-port`, as data: the server creates each one from its
 * entry here and the docs' Operate page lists them from the same entries, so the two
 * cannot drift apart. Dashboards and alerts are written against these names and labels.
 *
 * This module imports nothing: `import { serverMetrics } from "@wsafe/schema/metrics"`.
 *
 * @packageDocumentation
 */

/** One label of a metric: its name and the values it takes. */
export interface MetricLabel {
  readonly name: string;
  /** The values, for people (Markdown). */
  readonly values: string;
}

/** One metric of `/metrics`. */
export interface MetricDefinition {
  /** The metric's name, `wsafe_` first. */
  readonly name: string;
  readonly type: "counter" | "gauge" | "histogram";
  /** The HELP line, for people (plain text). */
  readonly help: string;
  readonly labels: readonly MetricLabel[];
  /** Upper bounds of a histogram's buckets, in the metric's unit. */
  readonly buckets?: readonly number[];
  /**
   * Which process reports it with `--workers`: `worker` metrics are summed over the
   * workers; `primary` ones describe the workers themselves.
   */
  readonly reportedBy: "worker" | "primary";
}

const methodLabel: MetricLabel = {
  name: "method",
  values:
    "the /v1 method the path names (`users.info`, ...); `trpc` for a request to the tRPC router at `/trpc` (a batch counts once); `none` when it names none",
};

/**
 * Latency buckets in seconds: fine below 100 ms, where the warm methods answer, and
 * coarse up to 10 s for whole lists of tens of thousands of records.
 */
export const requestDurationBuckets = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

/**
 * Every metric of the service (the process metrics that prom-client adds, `process_*`
 * and `nodejs_*`, come on top). Requests to `/healthz`, `/readyz` and `/metrics` are
 * not counted: a load balancer's checks would drown the traffic.
 *
 * @example
 * import { serverMetrics } from "@wsafe/schema/metrics";
 * serverMetrics.map((metric) => metric.name); // ["wsafe_requests_total", ...]
 * @see https://docs.wsafe.dev/operate/#metrics
 */
export const serverMetrics = [
  {
    name: "wsafe_requests_total",
    type: "counter",
    help: "Requests answered, by method and outcome.",
    labels: [
      methodLabel,
      {
        name: "outcome",
        values:
          "`ok`, or the error identifier answered (`token_invalid`, `rate_limit_exceeded`, ...); `preflight` for a CORS pre-flight, `docs` for a page of the docs site",
      },
    ],
    reportedBy: "worker",
  },
  {
    name: "wsafe_request_duration_seconds",
    type: "histogram",
    help: "Time from a request's arrival to the end of its answer, by method.",
    labels: [methodLabel],
    buckets: requestDurationBuckets,
    reportedBy: "worker",
  },
  {
    name: "wsafe_response_bytes_total",
    type: "counter",
    help: "Bytes sent in answers (status line, headers and body, before TLS), by method.",
    labels: [methodLabel],
    reportedBy: "worker",
  },
  {
    name: "wsafe_rate_limit_refusals_total",
    type: "counter",
    help: "Requests refused with rate_limit_exceeded, by method.",
    labels: [methodLabel],
    reportedBy: "worker",
  },
  {
    name: "wsafe_read_cache_lookups_total",
    type: "counter",
    help: "Lookups in the in-memory read cache, by cache and result (a miss reads the database).",
    labels: [
      { name: "cache", values: "`tokens` (token records) or `resources` (`resources.list` answers)" },
      { name: "result", values: "`hit` or `miss`" },
    ],
    reportedBy: "worker",
  },
  {
    name: "wsafe_store_pool_connections",
    type: "gauge",
    help: "PostgreSQL connections of the store's pool, by state (PostgreSQL only).",
    labels: [{ name: "state", values: "`busy` (running a statement or a transaction) or `idle`" }],
    reportedBy: "worker",
  },
  {
    name: "wsafe_store_pool_max",
    type: "gauge",
    help: "Most connections the store's pool opens (PostgreSQL only).",
    labels: [],
    reportedBy: "worker",
  },
  {
    name: "wsafe_store_pool_waiting",
    type: "gauge",
    help: "Statements waiting for a free connection of the store's pool (PostgreSQL only).",
    labels: [],
    reportedBy: "worker",
  },
  {
    name: "wsafe_import_records_done",
    type: "gauge",
    help: "Records written so far by the dataset import under way in this process, or by its last one.",
    labels: [],
    reportedBy: "worker",
  },
  {
    name: "wsafe_import_records_planned",
    type: "gauge",
    help: "Records in the dataset of the import under way in this process, or of its last one.",
    labels: [],
    reportedBy: "worker",
  },
  {
    name: "wsafe_imports_total",
    type: "counter",
    help: "Dataset imports run by this process, by outcome.",
    labels: [{ name: "outcome", values: "`ok` or `failed` (nothing was written)" }],
    reportedBy: "worker",
  },
  {
    name: "wsafe_webhook_attempts_total",
    type: "counter",
    help: "Webhook delivery attempts made by this process, by outcome.",
    labels: [
      {
        name: "outcome",
        values:
          "`succeeded` (2xx in time), `failed` (tried again later; also an attempt that could not be made, such as an unusable stored secret), `gave_up` (the last attempt failed; the endpoint is failing), `disabled` (410 Gone, or no success for `--webhook-disable-after`)",
      },
    ],
    reportedBy: "worker",
  },
  {
    name: "wsafe_webhook_deliveries_pending",
    type: "gauge",
    help: "Webhook deliveries still to be made, in the whole store (every process reports the same figure).",
    labels: [],
    reportedBy: "worker",
  },
  {
    name: "wsafe_webhook_oldest_pending_age_seconds",
    type: "gauge",
    help: "How long the oldest webhook delivery still to be made has waited since its event was recorded, in the whole store; 0 when none waits.",
    labels: [],
    reportedBy: "worker",
  },
  {
    name: "wsafe_events_recorded_total",
    type: "counter",
    help: "Events ever recorded in the store, by type and cause, whichever process recorded them (every process reports the same figure; pruning does not lower it).",
    labels: [
      { name: "type", values: "`schedule.status_changed` or `equipment.status_changed`" },
      { name: "cause", values: "`time` (an instant passed) or `import` (an import changed the data)" },
    ],
    reportedBy: "worker",
  },
  {
    name: "wsafe_events_recorder_lag_seconds",
    type: "gauge",
    help: "How long the earliest status change due and not yet recorded has waited, in the whole store; 0 when every one due is recorded (a few ms at most while a server runs).",
    labels: [],
    reportedBy: "worker",
  },
  {
    name: "wsafe_streams_open",
    type: "gauge",
    help: "events.stream subscriptions open on this process.",
    labels: [],
    reportedBy: "worker",
  },
  {
    name: "wsafe_retention_pruned_rows_total",
    type: "counter",
    help: "Rows deleted by retention (older than --events-retention) by this process, by table; one process of a deployment prunes each round.",
    labels: [
      { name: "table", values: "`events` (their webhook deliveries go with them) or `webhook_attempts`" },
    ],
    reportedBy: "worker",
  },
  {
    name: "wsafe_workers",
    type: "gauge",
    help: "Worker processes running (with --workers).",
    labels: [],
    reportedBy: "primary",
  },
  {
    name: "wsafe_worker_restarts_total",
    type: "counter",
    help: "Workers restarted after they exited unexpectedly (with --workers).",
    labels: [],
    reportedBy: "primary",
  },
] as const satisfies readonly MetricDefinition[];

/** The name of a metric of {@link serverMetrics}. */
export type ServerMetricName = (typeof serverMetrics)[number]["name"];
