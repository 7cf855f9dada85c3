import { schemaCatalog, schemaNames } from "../catalog.js";
import { errorDescriptions } from "../errors.js";
import { serverMetrics } from "../metrics.js";
import { requestChecks } from "../pipeline.js";
import { methods } from "../registry.js";
import { apiVersion } from "../wire.js";
import { type JsonSchema, toJsonSchema } from "./toJsonSchema.js";

/** How a paginated method walks its list, as the snapshot records it (see `WalkSpec`). */
export interface ContractWalk {
  /** The fields that order the list and its pages, most significant first. */
  order: string[];
  /** The parameters a walk keeps from its first page. */
  filters: string[];
  /** The parameter naming the instant the walk keeps, if any. */
  instant?: string;
}

/** One metric of `/metrics` as the snapshot records it: what dashboards and alerts query. */
export interface ContractMetric {
  type: string;
  /** Label names, in declaration order. */
  labels: string[];
  /** A histogram's bucket bounds. */
  buckets?: number[];
}

/** A normalised, diffable snapshot of the whole /v1 contract. */
export interface ContractSnapshot {
  /** The URL's version segment (`v1`): the contract line, which names the packages' major version. */
  version: string;
  errors: string[];
  /** The request pipeline's checks in order, each with the identifiers it answers. */
  pipeline: { id: string; scope: string; errors: string[] }[];
  methods: Record<
    string,
    {
      permission: string;
      errors: string[];
      params: JsonSchema;
      result: JsonSchema;
      pagination?: ContractWalk;
    }
  >;
  records: Record<string, JsonSchema>;
  /** Which side of the wire each record describes, from the catalog's `io`. */
  directions: Record<string, "request" | "response">;
  /** The metrics of `/metrics` by name, from `serverMetrics`. */
  metrics: Record<string, ContractMetric>;
}

/**
 * Response enums released as open, by their record (and `$defs`) name: receivers were told
 * to accept values they do not know, so a new value is additive. The snapshot marks each
 * `x-open-enum`, which the breaking-change gate reads; the published JSON Schema and
 * OpenAPI files do not carry the mark, as a strict validator (ajv in strict mode) refuses
 * an unknown keyword. (`ErrorIdentifier` is open by the gate's own policy.)
 */
export const openEnumRecords: readonly string[] = ["EventCause", "EventType"];

/** A schema without its `$id`, each open enum in it (root or `$defs`) marked `x-open-enum`. */
function forSnapshot(name: string, { $id: _id, ...schema }: JsonSchema): JsonSchema {
  const mark = (enumSchema: JsonSchema) => ({ ...enumSchema, "x-open-enum": true });
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  return {
    ...(openEnumRecords.includes(name) ? mark(schema) : schema),
    ...(defs && {
      $defs: Object.fromEntries(
        Object.entries(defs).map(([def, value]) => [
          def,
          openEnumRecords.includes(def) ? mark(value) : value,
        ]),
      ),
    }),
  };
}

/**
 * The contract as one normalised document: every method's params, result, error
 * identifiers and pagination walk, every record, and the metric names and labels.
 * Written by the build; compared with the released one to find breaking changes.
 */
export function toContract(): ContractSnapshot {
  const records = schemaNames.filter((name) => !name.includes("."));
  return {
    version: apiVersion,
    errors: Object.keys(errorDescriptions),
    pipeline: requestChecks.map((check) => ({ id: check.id, scope: check.scope, errors: [...check.errors] })),
    methods: Object.fromEntries(
      Object.values(methods).map((method) => {
        const walk = method.pagination;
        return [
          method.name,
          {
            permission: method.permission,
            errors: [...method.errors],
            params: forSnapshot(`${method.name}.params`, toJsonSchema(`${method.name}.params` as never)),
            result: forSnapshot(`${method.name}.result`, toJsonSchema(`${method.name}.result` as never)),
            ...(walk && {
              pagination: {
                order: [...walk.order],
                filters: [...walk.filters],
                ...(walk.instant && { instant: walk.instant }),
              },
            }),
          },
        ];
      }),
    ),
    records: Object.fromEntries(records.map((name) => [name, forSnapshot(name, toJsonSchema(name))])),
    directions: Object.fromEntries(
      records.map((name) => [name, schemaCatalog[name].io === "input" ? "request" : "response"]),
    ),
    metrics: Object.fromEntries(
      serverMetrics.map((metric) => [
        metric.name,
        {
          type: metric.type,
          labels: metric.labels.map((label) => label.name),
          ...("buckets" in metric && { buckets: [...metric.buckets] }),
        },
      ]),
    ),
  };
}
