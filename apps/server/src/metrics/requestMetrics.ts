import { Counter, type Registry } from "prom-client";
import type { MetricConfig } from "./metricConfig.js";
import type { MethodTally, RequestTallies } from "./RequestTallies.js";
import { TallyHistogram } from "./TallyHistogram.js";

/** The metrics of answered requests, read from the HTTP layer's tallies when scraped. */
type RequestMetricName =
  | "wsafe_requests_total"
  | "wsafe_request_duration_seconds"
  | "wsafe_response_bytes_total"
  | "wsafe_rate_limit_refusals_total";

/**
 * The makers of the request metrics, for `createServerMetrics`: serving a request only
 * adds to its method's tally; these read the tallies at each scrape.
 *
 * @param requests - where the HTTP layer counts each answered request
 * @param registry - the process's registry, which the duration histogram registers in itself
 */
export function requestMetricMakers(
  requests: RequestTallies,
  registry: Registry,
): Record<RequestMetricName, (config: MetricConfig) => unknown> {
  return {
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
    wsafe_response_bytes_total: (config) => perMethodCounter(config, requests, (tally) => tally.bytes),
    wsafe_rate_limit_refusals_total: (config) =>
      perMethodCounter(config, requests, (tally) => tally.refusals),
  };
}

/** A counter by method, read from the tallies at each scrape (methods never called left out). */
function perMethodCounter(
  config: MetricConfig,
  requests: RequestTallies,
  read: (tally: Readonly<MethodTally>) => number,
): Counter {
  return new Counter({
    ...config,
    collect() {
      this.reset();
      for (const tally of requests.tallies())
        if (tally.count > 0) this.inc({ method: tally.method }, read(tally));
    },
  });
}
