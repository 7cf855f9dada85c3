import { methodNames } from "@wsafe/schema";
import { requestDurationBuckets, serverMetrics } from "@wsafe/schema/metrics";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import type { ReadCache } from "../store/cache/ReadCache.js";
import type { Sql } from "../store/database/Sql.js";
import { type EventMetricSources, eventMetricMakers, type PrunedTable } from "./eventMetrics.js";
import { ImportProgress } from "./ImportProgress.js";
import { type MetricConfig, metricConfig } from "./metricConfig.js";
import { type MethodTally, RequestTallies, trpcMethod } from "./RequestTallies.js";
import { TallyHistogram } from "./TallyHistogram.js";

/** The name of a metric that each serving process reports (summed over workers). */
type WorkerMetricName = Extract<(typeof serverMetrics)[number], { reportedBy: "worker" }>["name"];

/** prom-client's default metrics that break Prometheus's naming rules. */
const lintFailingDefaults = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

/** The metrics of one serving process, and what feeds them. */
export interface ServerMetrics {
  /** Holds every metric of the process; `registry.metrics()` is the exposition. */
  readonly registry: Registry;
  /** Where the HTTP layer counts each answered request. */
  readonly requests: RequestTallies;
  /** Where imports run by this process report their progress. */
  readonly imports: ImportProgress;
  /** Reports the lookups of this read cache from now on. */
  watchReadCache(cache: ReadCache): void;
  /** Reports the connection pool of this database from now on (PostgreSQL only). */
  watchPool(sql: Sql): void;
  /** Reports the webhook deliveries still to be made in this database from now on. */
  watchDeliveries(sql: Sql): void;
  /** Counts one webhook delivery attempt of this process. */
  webhookAttempted(outcome: WebhookAttemptOutcome): void;
  /** Reports the events recorded in this database and its recorder's lag from now on. */
  watchEvents(sql: Sql): void;
  /** Reports how many streams are open in this process from now on. */
  watchStreams(streams: { readonly size: number }): void;
  /** Counts rows this process deleted by retention. */
  retentionPruned(table: PrunedTable, rows: number): void;
}

/** How a webhook delivery attempt went, as `wsafe_webhook_attempts_total` counts it. */
export type WebhookAttemptOutcome = "succeeded" | "failed" | "gave_up" | "disabled";

/**
 * Makes the metrics of a serving process: every `reportedBy: "worker"` entry of
 * `@wsafe/schema/metrics`, plus prom-client's process metrics (`process_*`,
 * `nodejs_*`). Everything is read at scrape time from plain counts kept by the code it
 * describes, so serving a request costs no metric call (see {@link RequestTallies}).
 *
 * @example
 * const metrics = createServerMetrics();
 * const server = await startServer({ metrics });
 * console.log(await metrics.registry.metrics());
 */
export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  // prom-client samples the event loop's delay every 10 ms by default: 100 wakeups a
  // second, 7-9 ms of CPU a second of an idle server. Once a second still gives a
  // dashboard scraped every 15 s its percentiles, for about 0.5 ms a second.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1_000 });
  // Gauges named `_total`, which `promtool check metrics` rejects (the suffix promises a
  // counter); the counts of libuv handles and requests they report say little to an operator.
  for (const name of lintFailingDefaults) registry.removeSingleMetric(name);
  const requests = new RequestTallies([...methodNames, trpcMethod], requestDurationBuckets);
  const imports = new ImportProgress();
  let cache: ReadCache | undefined;
  let sql: Sql | undefined;
  let deliveries: Sql | undefined;
  const eventSources: EventMetricSources = { pruned: { events: 0, webhook_attempts: 0 } };
  const attempts: Record<WebhookAttemptOutcome, number> = {
    succeeded: 0,
    failed: 0,
    gave_up: 0,
    disabled: 0,
  };
  /** The store's pending deliveries, read once per scrape for both gauges. */
  let pending: Promise<{ count: number; ageSeconds: number } | undefined> | undefined;
  const readPending = () => {
    pending ??= (async () => {
      if (!deliveries) return undefined;
      const [row] = await deliveries.query<{ count: string; oldest: string | null }>(
        "SELECT count(*)::text AS count, min(created)::text AS oldest FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL",
      );
      const oldest = row?.oldest == null ? undefined : Number(row.oldest);
      return {
        count: Number(row?.count ?? 0),
        ageSeconds: oldest === undefined ? 0 : (Date.now() - oldest) / 1000,
      };
    })().finally(() => setImmediate(() => (pending = undefined)));
    return pending;
  };

  /** A counter by method, read from the tallies at each scrape (methods never called left out). */
  const perMethodCounter = (config: MetricConfig, read: (tally: Readonly<MethodTally>) => number) =>
    new Counter({
      ...config,
      collect() {
        this.reset();
        for (const tally of requests.tallies())
          if (tally.count > 0) this.inc({ method: tally.method }, read(tally));
      },
    });

  // One maker per metric, checked exhaustive against the definitions by the type.
  const makers: Record<WorkerMetricName, (config: MetricConfig) => unknown> = {
    ...eventMetricMakers(eventSources),
    wsafe_requests_total: (config) =>
      new Counter({
        ...config,
        collect() {
          this.reset();
          for (const tally of requests.tallies())
            for (const [outcome, count] of tally.outcomes) this.inc({ method: tally.method, outcome }, count);
        },
      }),
    wsafe_request_duration_seconds: (config) =>
      new TallyHistogram(config.name, config.help, requests).register(registry),
    wsafe_response_bytes_total: (config) => perMethodCounter(config, (tally) => tally.bytes),
    wsafe_rate_limit_refusals_total: (config) => perMethodCounter(config, (tally) => tally.refusals),
    wsafe_read_cache_lookups_total: (config) =>
      new Counter({
        ...config,
        collect() {
          this.reset();
          if (!cache) return;
          for (const [name, shelf] of Object.entries(cache.stats)) {
            this.inc({ cache: name, result: "hit" }, shelf.hits);
            this.inc({ cache: name, result: "miss" }, shelf.misses);
          }
        },
      }),
    wsafe_store_pool_connections: (config) =>
      new Gauge({
        ...config,
        collect() {
          this.reset();
          const usage = sql?.poolUsage?.();
          if (!usage) return;
          this.set({ state: "busy" }, usage.total - usage.idle);
          this.set({ state: "idle" }, usage.idle);
        },
      }),
    wsafe_store_pool_max: (config) =>
      new Gauge({
        ...config,
        collect() {
          this.reset();
          const usage = sql?.poolUsage?.();
          if (usage) this.set(usage.max);
        },
      }),
    wsafe_store_pool_waiting: (config) =>
      new Gauge({
        ...config,
        collect() {
          this.reset();
          const usage = sql?.poolUsage?.();
          if (usage) this.set(usage.waiting);
        },
      }),
    wsafe_import_records_done: (config) =>
      new Gauge({
        ...config,
        collect() {
          this.set(imports.done);
        },
      }),
    wsafe_import_records_planned: (config) =>
      new Gauge({
        ...config,
        collect() {
          this.set(imports.planned);
        },
      }),
    wsafe_imports_total: (config) =>
      new Counter({
        ...config,
        collect() {
          this.reset();
          this.inc({ outcome: "ok" }, imports.ok);
          this.inc({ outcome: "failed" }, imports.failed);
        },
      }),
    wsafe_webhook_attempts_total: (config) =>
      new Counter({
        ...config,
        collect() {
          this.reset();
          for (const [outcome, count] of Object.entries(attempts))
            if (count > 0) this.inc({ outcome }, count);
        },
      }),
    // Figures of the whole store: summed over workers they would count each once per
    // worker, so the primary takes their largest.
    wsafe_webhook_deliveries_pending: (config) =>
      new Gauge({
        ...config,
        aggregator: "max",
        async collect() {
          const read = await readPending().catch(() => undefined);
          if (read) this.set(read.count);
        },
      }),
    wsafe_webhook_oldest_pending_age_seconds: (config) =>
      new Gauge({
        ...config,
        aggregator: "max",
        async collect() {
          const read = await readPending().catch(() => undefined);
          if (read) this.set(read.ageSeconds);
        },
      }),
  };
  for (const definition of serverMetrics) {
    if (definition.reportedBy === "worker") makers[definition.name](metricConfig(definition, registry));
  }

  return {
    registry,
    requests,
    imports,
    watchReadCache(readCache) {
      cache = readCache;
    },
    watchPool(database) {
      sql = database;
    },
    watchDeliveries(database) {
      deliveries = database;
    },
    webhookAttempted(outcome) {
      attempts[outcome]++;
    },
    watchEvents(database) {
      eventSources.sql = database;
    },
    watchStreams(streams) {
      eventSources.streams = streams;
    },
    retentionPruned(table, rows) {
      eventSources.pruned[table] += rows;
    },
  };
}
