import type { MetricDefinition } from "@wsafe/schema/metrics";
import type { Registry } from "prom-client";

/** What prom-client needs to make a metric of a definition, in one registry. */
export interface MetricConfig {
  name: string;
  help: string;
  labelNames: string[];
  registers: Registry[];
}

/**
 * The prom-client configuration of a metric definition: its name, HELP line and label
 * names come from `@wsafe/schema/metrics`, where the docs read them too.
 *
 * @param definition - an entry of `serverMetrics`
 * @param registry - where the metric goes
 */
export function metricConfig(definition: MetricDefinition, registry: Registry): MetricConfig {
  return {
    name: definition.name,
    help: definition.help,
    labelNames: definition.labels.map((label) => label.name),
    registers: [registry],
  };
}
