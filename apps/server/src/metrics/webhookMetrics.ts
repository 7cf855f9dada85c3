import { Counter, Gauge } from "prom-client";
import type { Sql } from "../store/database/Sql.js";
import type { MetricConfig } from "./metricConfig.js";

/** How a webhook delivery attempt went, as `wsafe_webhook_attempts_total` counts it. */
export type WebhookAttemptOutcome = "succeeded" | "failed" | "gave_up" | "disabled";

/** What the webhook metrics read at each scrape. */
export interface WebhookMetricSources {
  /** The database whose pending deliveries are reported; unset: none are. */
  deliveries?: Sql | undefined;
  /** This process's delivery attempts, by outcome. */
  readonly attempts: Record<WebhookAttemptOutcome, number>;
}

/** The metrics of webhook deliveries: this process's attempts and the store's queue. */
type WebhookMetricName =
  | "wsafe_webhook_attempts_total"
  | "wsafe_webhook_deliveries_pending"
  | "wsafe_webhook_oldest_pending_age_seconds";

/** The store's pending deliveries, as both queue gauges report them. */
interface PendingDeliveries {
  count: number;
  ageSeconds: number;
}

/**
 * The makers of the webhook metrics, for `createServerMetrics`. The queue's figures are
 * the whole store's: summed over workers they would count each once per worker, so the
 * primary takes their largest.
 *
 * @param sources - read at each scrape
 */
export function webhookMetricMakers(
  sources: WebhookMetricSources,
): Record<WebhookMetricName, (config: MetricConfig) => unknown> {
  /** The store's pending deliveries, read once per scrape for both gauges. */
  let pending: Promise<PendingDeliveries | undefined> | undefined;
  const readPending = () => {
    pending ??= (async () => {
      if (!sources.deliveries) return undefined;
      const [row] = await sources.deliveries.query<{ count: string; oldest: string | null }>(
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

  return {
    wsafe_webhook_attempts_total: (config) =>
      new Counter({
        ...config,
        collect() {
          this.reset();
          for (const [outcome, count] of Object.entries(sources.attempts))
            if (count > 0) this.inc({ outcome }, count);
        },
      }),
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
}
