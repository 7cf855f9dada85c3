import { Counter, Gauge } from "prom-client";
import type { ImportProgress } from "./ImportProgress.js";
import type { MetricConfig } from "./metricConfig.js";

/** The metrics of the imports run by this process. */
type ImportMetricName = "wsafe_import_records_done" | "wsafe_import_records_planned" | "wsafe_imports_total";

/**
 * The makers of the import metrics, for `createServerMetrics`, read from the imports'
 * progress at each scrape.
 *
 * @param imports - where imports run by this process report their progress
 */
export function importMetricMakers(
  imports: ImportProgress,
): Record<ImportMetricName, (config: MetricConfig) => unknown> {
  return {
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
  };
}
