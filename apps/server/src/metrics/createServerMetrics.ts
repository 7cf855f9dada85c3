import { methodNames } from "@wsafe/schema";
import { requestDurationBuckets, serverMetrics } from "@wsafe/schema/metrics";
import { collectDefaultMetrics, Registry } from "prom-client";
import type { ReadCache } from "../store/cache/ReadCache.js";
import type { Sql } from "../store/database/Sql.js";
import { type EventMetricSources, eventMetricMakers, type PrunedTable } from "./eventMetrics.js";
import { ImportProgress } from "./ImportProgress.js";
import { importMetricMakers } from "./importMetrics.js";
import { type MetricConfig, metricConfig } from "./metricConfig.js";
import { RequestTallies, trpcMethod } from "./RequestTallies.js";
import { requestMetricMakers } from "./requestMetrics.js";
import { type StoreMetricSources, storeMetricMakers } from "./storeMetrics.js";
import {
  type WebhookAttemptOutcome,
  type WebhookMetricSources,
  webhookMetricMakers,
} from "./webhookMetrics.js";

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
  const store: StoreMetricSources = {};
  const webhooks: WebhookMetricSources = { attempts: { succeeded: 0, failed: 0, gave_up: 0, disabled: 0 } };
  const events: EventMetricSources = { pruned: { events: 0, webhook_attempts: 0 } };

  // One maker per metric, checked exhaustive against the definitions by the type.
  const makers: Record<WorkerMetricName, (config: MetricConfig) => unknown> = {
    ...requestMetricMakers(requests, registry),
    ...storeMetricMakers(store),
    ...importMetricMakers(imports),
    ...webhookMetricMakers(webhooks),
    ...eventMetricMakers(events),
  };
  for (const definition of serverMetrics) {
    if (definition.reportedBy === "worker") makers[definition.name](metricConfig(definition, registry));
  }

  return {
    registry,
    requests,
    imports,
    watchReadCache(readCache) {
      store.cache = readCache;
    },
    watchPool(database) {
      store.sql = database;
    },
    watchDeliveries(database) {
      webhooks.deliveries = database;
    },
    webhookAttempted(outcome) {
      webhooks.attempts[outcome]++;
    },
    watchEvents(database) {
      events.sql = database;
    },
    watchStreams(streams) {
      events.streams = streams;
    },
    retentionPruned(table, rows) {
      events.pruned[table] += rows;
    },
  };
}
