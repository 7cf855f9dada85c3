import { serverMetrics } from "@wsafe/schema/metrics";
import { AggregatorRegistry, Counter, Gauge, Registry } from "prom-client";
import { type MetricConfig, metricConfig } from "../../metrics/metricConfig.js";
import type { RenderMetrics } from "../../metrics/startMetricsServer.js";

/** The name of a metric that the primary of `--workers` reports about its workers. */
type PrimaryMetricName = Extract<(typeof serverMetrics)[number], { reportedBy: "primary" }>["name"];

/** The metrics of the primary process of `wsafe serve --workers N`. */
export interface PrimaryMetrics {
  /** Counts a worker started in place of one that exited unexpectedly. */
  countRestart(): void;
  /** The exposition: the primary's own metrics, then every worker's, summed over the workers. */
  render: RenderMetrics;
}

/**
 * Makes the primary's metrics: its `reportedBy: "primary"` entries of
 * `@wsafe/schema/metrics` (workers running, restarts), and the workers' metrics gathered
 * over IPC at each scrape with prom-client's `AggregatorRegistry`, which sums counters,
 * gauges and histogram buckets over the workers (a restarted worker starts its counts
 * at 0, which Prometheus reads as a counter reset). The primary adds no process metrics
 * of its own: theirs would share names with the workers'.
 *
 * @param liveWorkers - how many workers run now
 */
export function createPrimaryMetrics(liveWorkers: () => number): PrimaryMetrics {
  const registry = new Registry();
  const aggregator = new AggregatorRegistry();
  let restarts: Counter | undefined;
  const makers: Record<PrimaryMetricName, (config: MetricConfig) => unknown> = {
    wsafe_workers: (config) =>
      new Gauge({
        ...config,
        collect() {
          this.set(liveWorkers());
        },
      }),
    wsafe_worker_restarts_total: (config) => {
      restarts = new Counter(config);
    },
  };
  for (const definition of serverMetrics) {
    if (definition.reportedBy === "primary") makers[definition.name](metricConfig(definition, registry));
  }
  return {
    countRestart: () => restarts?.inc(),
    render: async () => ({
      contentType: registry.contentType,
      body: (await registry.metrics()) + (await aggregator.clusterMetrics()),
    }),
  };
}
