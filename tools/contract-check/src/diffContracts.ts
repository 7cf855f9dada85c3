import type { ContractSnapshot } from "@wsafe/schema/openapi";
import { type Difference, difference } from "./difference.js";
import { diffMetrics, type Metric } from "./diffMetrics.js";
import { diffPipeline, type PipelineCheck } from "./diffPipeline.js";
import { type Direction, diffSchema } from "./diffSchema.js";
import { diffWalk, type Walk } from "./diffWalk.js";
import { jsonPath } from "./jsonPath.js";

/** Options of {@link diffContracts}. */
export interface DiffContractsOptions {
  /**
   * Which side of the wire each record describes; records not named are responses.
   * Defaults to the snapshots' own `directions` (the next one's, else the released
   * one's), then {@link defaultRecordDirections}.
   */
  recordDirections?: Readonly<Record<string, Direction>>;
  /**
   * `$defs` and record names of response enums released as open. Defaults to
   * {@link defaultOpenEnums}.
   */
  openEnums?: Iterable<string>;
}

/**
 * Record directions for snapshots that do not carry their own (written before
 * snapshots held `directions`): every record is a response. Snapshots say which records
 * describe data sent *to* the service (the dataset), from the schema catalog's `io`.
 */
export const defaultRecordDirections: Readonly<Record<string, Direction>> = {};

/**
 * Response enums that are open by policy. The error identifier is: every failure is one
 * envelope, callers must handle identifiers they do not know, and a new identifier is
 * additive (see the `error.added` rule).
 */
export const defaultOpenEnums: readonly string[] = ["ErrorIdentifier"];

/** A snapshot as read from disk: the shape of {@link ContractSnapshot}, loosely typed. */
export type Contract = Pick<ContractSnapshot, "version" | "errors"> & {
  methods: Record<
    string,
    { permission: string; errors: string[]; params: unknown; result: unknown; pagination?: Walk }
  >;
  records: Record<string, unknown>;
  /** The request pipeline's checks in order; absent from snapshots written before it was recorded. */
  pipeline?: PipelineCheck[];
  /** Which side of the wire each record describes; absent from older snapshots. */
  directions?: Record<string, Direction>;
  /** The metrics of `/metrics` by name; absent from older snapshots. */
  metrics?: Record<string, Metric>;
};

const permissionRank: Record<string, number> = { read: 0, write: 1 };

/**
 * Every difference between the released contract and the next one, classified by rule:
 * methods, their permissions, error identifiers, parameters (requests: may only widen),
 * results (responses: may only narrow or add), pagination walks, records and metrics.
 *
 * @param base - the released snapshot (`packages/schema/contract/v1.json`)
 * @param next - the snapshot about to be released (`packages/schema/generated/contract.json`)
 * @example
 * import { diffContracts } from "@wsafe/contract-check";
 * const breaking = diffContracts(released, next).filter((d) => d.severity === "breaking");
 */
export function diffContracts(
  base: Contract,
  next: Contract,
  options: DiffContractsOptions = {},
): Difference[] {
  const out: Difference[] = [];
  const directions =
    options.recordDirections ?? next.directions ?? base.directions ?? defaultRecordDirections;
  const openEnums = new Set(options.openEnums ?? defaultOpenEnums);
  if (base.version !== next.version) {
    out.push(
      difference(
        "contract.version-changed",
        "$.version",
        `version changed: ${base.version} → ${next.version}`,
      ),
    );
  }
  for (const error of base.errors) {
    if (!next.errors.includes(error))
      out.push(difference("error.removed", "$.errors", `error identifier ${error} was removed`));
  }
  for (const error of next.errors) {
    if (!base.errors.includes(error))
      out.push(difference("error.added", "$.errors", `error identifier ${error} was added`));
  }
  out.push(...diffPipeline(base.pipeline, next.pipeline));
  for (const [name, method] of Object.entries(base.methods)) {
    const path = jsonPath("$.methods", name);
    const now = next.methods[name];
    if (!now) {
      out.push(difference("method.removed", path, `method ${name} was removed`));
      continue;
    }
    if (method.permission !== now.permission) {
      const stricter =
        (permissionRank[now.permission] ?? Number.POSITIVE_INFINITY) >
        (permissionRank[method.permission] ?? 0);
      out.push(
        difference(
          stricter ? "method.permission-tightened" : "method.permission-relaxed",
          jsonPath(path, "permission"),
          `permission: ${method.permission} → ${now.permission}`,
        ),
      );
    }
    const errors = jsonPath(path, "errors");
    for (const error of method.errors) {
      if (!now.errors.includes(error))
        out.push(difference("method.error-removed", errors, `${name} no longer answers ${error}`));
    }
    for (const error of now.errors) {
      if (!method.errors.includes(error))
        out.push(difference("method.error-added", errors, `${name} may now answer ${error}`));
    }
    out.push(
      ...diffSchema(method.params, now.params, {
        direction: "request",
        path: jsonPath(path, "params"),
        openEnums,
      }),
    );
    out.push(
      ...diffSchema(method.result, now.result, {
        direction: "response",
        path: jsonPath(path, "result"),
        openEnums,
      }),
    );
    out.push(...diffWalk(name, method, now));
  }
  for (const name of Object.keys(next.methods)) {
    if (!Object.hasOwn(base.methods, name))
      out.push(difference("method.added", jsonPath("$.methods", name), `method ${name} was added`));
  }
  for (const [name, record] of Object.entries(base.records)) {
    const path = jsonPath("$.records", name);
    if (!Object.hasOwn(next.records, name)) {
      out.push(difference("record.removed", path, `record ${name} was removed`));
      continue;
    }
    const direction = directions[name] ?? "response";
    out.push(...diffSchema(record, next.records[name], { direction, path, openEnums, rootName: name }));
  }
  for (const name of Object.keys(next.records)) {
    if (!Object.hasOwn(base.records, name))
      out.push(difference("record.added", jsonPath("$.records", name), `record ${name} was added`));
  }
  out.push(...diffMetrics(base.metrics, next.metrics));
  return out;
}
