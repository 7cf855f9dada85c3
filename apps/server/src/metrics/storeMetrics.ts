import { Counter, Gauge } from "prom-client";
import type { ReadCache } from "../store/cache/ReadCache.js";
import type { Sql } from "../store/database/Sql.js";
import type { MetricConfig } from "./metricConfig.js";

/** What the store's metrics read at each scrape; each unset until the server watches it. */
export interface StoreMetricSources {
  /** The read cache whose lookups are reported. */
  cache?: ReadCache | undefined;
  /** The database whose connection pool is reported (PostgreSQL only: PGlite has none). */
  sql?: Sql | undefined;
}

/** The metrics of the read cache and of the database's connection pool. */
type StoreMetricName =
  | "wsafe_read_cache_lookups_total"
  | "wsafe_store_pool_connections"
  | "wsafe_store_pool_max"
  | "wsafe_store_pool_waiting";

/**
 * The makers of the store's metrics, for `createServerMetrics`: the cache's counts and
 * the pool's usage, read in memory at each scrape.
 *
 * @param sources - read at each scrape
 */
export function storeMetricMakers(
  sources: StoreMetricSources,
): Record<StoreMetricName, (config: MetricConfig) => unknown> {
  return {
    wsafe_read_cache_lookups_total: (config) =>
      new Counter({
        ...config,
        collect() {
          this.reset();
          if (!sources.cache) return;
          for (const [name, shelf] of Object.entries(sources.cache.stats)) {
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
          const usage = sources.sql?.poolUsage?.();
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
          const usage = sources.sql?.poolUsage?.();
          if (usage) this.set(usage.max);
        },
      }),
    wsafe_store_pool_waiting: (config) =>
      new Gauge({
        ...config,
        collect() {
          this.reset();
          const usage = sources.sql?.poolUsage?.();
          if (usage) this.set(usage.waiting);
        },
      }),
  };
}
