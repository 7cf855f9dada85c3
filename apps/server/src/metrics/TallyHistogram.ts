import type { Metric, Registry } from "prom-client";
import type { RequestTallies } from "./RequestTallies.js";

/** One sample of the exposition, in prom-client's JSON form. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/**
 * The request-duration histogram, by method, read from {@link RequestTallies} when
 * scraped. prom-client's `Histogram` can only be filled by `observe()`, one request at
 * a time with its label hashing; this reports the same samples (`_bucket` with `le`,
 * cumulative, then `_sum` and `_count`) in prom-client's metric form, so its registry
 * writes them and its cluster aggregation sums them like any other histogram.
 */
export class TallyHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";

  /**
   * @param name - the metric's name
   * @param help - its HELP line
   * @param tallies - the counts to report
   */
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly tallies: RequestTallies,
  ) {}

  /** Adds the histogram to a registry (which only reads `name` and `get()`). */
  register(registry: Registry): this {
    registry.registerMetric(this as unknown as Metric);
    return this;
  }

  async get() {
    const values: Sample[] = [];
    const bounds = this.tallies.durationBounds;
    for (const tally of this.tallies.tallies()) {
      if (tally.count === 0) continue;
      const { method } = tally;
      let cumulative = 0;
      bounds.forEach((bound, index) => {
        cumulative += tally.durationBuckets[index]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { le: bound, method }, value: cumulative });
      });
      values.push(
        { metricName: `${this.name}_bucket`, labels: { le: "+Inf", method }, value: tally.count },
        { metricName: `${this.name}_sum`, labels: { method }, value: tally.durationSum },
        { metricName: `${this.name}_count`, labels: { method }, value: tally.count },
      );
    }
    return { name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values };
  }

  /** The tallies are the process's own: there is nothing here to reset. */
  reset(): void {}
}
