import { Counter, Gauge } from "prom-client";
import { readRecordingState } from "../events/recordTimeEvents.js";
import type { Sql } from "../store/database/Sql.js";
import type { MetricConfig } from "./metricConfig.js";

/** The tables retention deletes from, as `wsafe_retention_pruned_rows_total` labels them. */
export type PrunedTable = "events" | "webhook_attempts";

/** What the events, streams and retention metrics read at each scrape. */
export interface EventMetricSources {
  /** The store whose event counts and recorder lag are reported; unset: none is. */
  sql?: Sql | undefined;
  /** The process's open streams. */
  streams?: { readonly size: number } | undefined;
  /** Rows this process pruned, by table. */
  readonly pruned: Record<PrunedTable, number>;
}

/** The metrics of recording, streaming and retention, read from their sources when scraped. */
type EventMetricName =
  | "wsafe_events_recorded_total"
  | "wsafe_events_recorder_lag_seconds"
  | "wsafe_streams_open"
  | "wsafe_retention_pruned_rows_total";

/**
 * The makers of the events metrics, for `createServerMetrics`. The event counts and the
 * recorder's lag are the whole store's, read from the database at each scrape (one
 * statement each, on two tiny tables or two index probes): every process reports the
 * same figure, so with `--workers` the primary takes the largest, not the sum.
 *
 * @param sources - read at each scrape
 */
export function eventMetricMakers(
  sources: EventMetricSources,
): Record<EventMetricName, (config: MetricConfig) => unknown> {
  return {
    wsafe_events_recorded_total: (config) =>
      new Counter({
        ...config,
        aggregator: "max",
        async collect() {
          if (!sources.sql) return;
          const rows = await sources.sql
            .query<{ type: string; cause: string; recorded: string }>(
              "SELECT type, cause, sum(recorded)::text AS recorded FROM event_counts GROUP BY type, cause",
            )
            .catch(() => undefined);
          if (!rows) return;
          this.reset();
          for (const row of rows) this.inc({ type: row.type, cause: row.cause }, Number(row.recorded));
        },
      }),
    wsafe_events_recorder_lag_seconds: (config) =>
      new Gauge({
        ...config,
        aggregator: "max",
        async collect() {
          if (!sources.sql) return;
          const state = await readRecordingState(sources.sql).catch(() => undefined);
          if (!state) return;
          const due = state.nextBoundary;
          this.set(due !== undefined && due <= Date.now() ? (Date.now() - due) / 1000 : 0);
        },
      }),
    wsafe_streams_open: (config) =>
      new Gauge({
        ...config,
        collect() {
          this.set(sources.streams?.size ?? 0);
        },
      }),
    wsafe_retention_pruned_rows_total: (config) =>
      new Counter({
        ...config,
        collect() {
          this.reset();
          for (const [table, rows] of Object.entries(sources.pruned)) if (rows > 0) this.inc({ table }, rows);
        },
      }),
  };
}
