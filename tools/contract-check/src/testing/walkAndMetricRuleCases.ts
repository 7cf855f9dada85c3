import { fixture, type Mutable, walk } from "./contractFixture.js";
import type { RuleCase } from "./contractRuleCases.js";

const metrics = (c: Mutable) => c.metrics!;

/** The cases of the rules on pagination walks and on metrics. */
export const walkAndMetricRuleCases: RuleCase[] = [
  [
    "walk.added",
    (c) => {
      c.methods["things.list"].pagination = structuredClone(fixture.methods["things.list"]!.pagination);
    },
    (c) => {
      delete c.methods["things.list"].pagination;
    },
  ],
  [
    "walk.removed",
    (c) => {
      delete c.methods["things.list"].pagination;
    },
  ],
  [
    "walk.order-changed",
    (c) => {
      walk(c).order = ["name", "id"];
    },
  ],
  [
    "walk.filter-added",
    (c) => {
      walk(c).filters.push("mode");
    },
  ],
  [
    "walk.filter-added-with-parameter",
    (c) => {
      walk(c).filters.push("since");
    },
  ],
  [
    "walk.filter-removed",
    (c) => {
      walk(c).filters = [];
    },
  ],
  [
    "walk.instant-changed",
    (c) => {
      delete walk(c).instant;
    },
  ],
  [
    "metrics.published",
    (c) => {
      c.metrics = structuredClone(fixture.metrics);
    },
    (c) => {
      delete c.metrics;
    },
  ],
  [
    "metric.removed",
    (c) => {
      delete metrics(c).thing_seconds;
    },
  ],
  [
    "metric.added",
    (c) => {
      metrics(c).things_open = { type: "gauge", labels: [] };
    },
  ],
  [
    "metric.type-changed",
    (c) => {
      metrics(c).things_served_total!.type = "gauge";
    },
  ],
  [
    "metric.label-removed",
    (c) => {
      metrics(c).things_served_total!.labels = ["method"];
    },
  ],
  [
    "metric.label-added",
    (c) => {
      metrics(c).thing_seconds!.labels.push("store");
    },
  ],
  [
    "metric.bucket-removed",
    (c) => {
      metrics(c).thing_seconds!.buckets = [1];
    },
  ],
  [
    "metric.bucket-added",
    (c) => {
      metrics(c).thing_seconds!.buckets = [0.1, 0.5, 1];
    },
  ],
];
