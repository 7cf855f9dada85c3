import { type Difference, difference } from "./difference.js";
import { jsonPath } from "./jsonPath.js";

/** One metric as a snapshot records it. */
export interface Metric {
  type: string;
  labels: string[];
  buckets?: number[];
}

/**
 * The differences between the metrics of two snapshots, by name: what dashboards and
 * alerts query. A released snapshot without metrics (written before snapshots held them)
 * only makes them `metrics.published`.
 *
 * @param base - the released metrics, if the released snapshot has them
 * @param next - the next metrics
 * @example
 * diffMetrics({ wsafe_requests_total: { type: "counter", labels: ["method"] } }, {});
 * // [{ rule: "metric.removed", path: '$.metrics.wsafe_requests_total', ... }]
 */
export function diffMetrics(
  base: Readonly<Record<string, Metric>> | undefined,
  next: Readonly<Record<string, Metric>> | undefined,
): Difference[] {
  if (!base) {
    return next ? [difference("metrics.published", "$.metrics", "the snapshot now records the metrics")] : [];
  }
  const now = next ?? {};
  const out: Difference[] = [];
  for (const [name, metric] of Object.entries(base)) {
    const path = jsonPath("$.metrics", name);
    const after = now[name];
    if (!after) {
      out.push(difference("metric.removed", path, `metric ${name} was removed`));
      continue;
    }
    if (metric.type !== after.type)
      out.push(difference("metric.type-changed", jsonPath(path, "type"), `${metric.type} → ${after.type}`));
    for (const label of metric.labels)
      if (!after.labels.includes(label))
        out.push(difference("metric.label-removed", jsonPath(path, "labels"), `label ${label} was removed`));
    for (const label of after.labels)
      if (!metric.labels.includes(label))
        out.push(difference("metric.label-added", jsonPath(path, "labels"), `label ${label} was added`));
    const bucketsBefore = metric.buckets ?? [];
    const bucketsAfter = after.buckets ?? [];
    for (const bound of bucketsBefore)
      if (!bucketsAfter.includes(bound))
        out.push(
          difference("metric.bucket-removed", jsonPath(path, "buckets"), `bucket le=${bound} was removed`),
        );
    for (const bound of bucketsAfter)
      if (!bucketsBefore.includes(bound))
        out.push(
          difference("metric.bucket-added", jsonPath(path, "buckets"), `bucket le=${bound} was added`),
        );
  }
  for (const name of Object.keys(now)) {
    if (!Object.hasOwn(base, name))
      out.push(difference("metric.added", jsonPath("$.metrics", name), `metric ${name} was added`));
  }
  return out;
}
