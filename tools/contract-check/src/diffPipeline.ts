import { type Difference, difference } from "./difference.js";
import { jsonPath } from "./jsonPath.js";

/** One check of the request pipeline as a snapshot records it. */
export interface PipelineCheck {
  id: string;
  scope: string;
  errors: string[];
}

/**
 * The differences between two request pipelines: checks added or removed, the order
 * of the checks both keep, and the identifiers each check answers. A released snapshot
 * without a pipeline (written before snapshots held one) only makes the new one
 * `pipeline.published`.
 *
 * @param base - the released pipeline, if the released snapshot has one
 * @param next - the next pipeline, if the next snapshot has one
 * @example
 * diffPipeline([{ id: "a", scope: "method", errors: ["x"] }], [{ id: "a", scope: "method", errors: ["x", "y"] }]);
 * // [{ rule: "pipeline.check-errors-changed", path: '$.pipeline["a"].errors', ... }]
 */
export function diffPipeline(
  base: readonly PipelineCheck[] | undefined,
  next: readonly PipelineCheck[] | undefined,
): Difference[] {
  if (!next) return base ? [difference("pipeline.check-removed", "$.pipeline", "the pipeline is gone")] : [];
  if (!base) return [difference("pipeline.published", "$.pipeline", "the snapshot now records the pipeline")];
  const out: Difference[] = [];
  const nextIds = next.map((check) => check.id);
  const baseIds = base.map((check) => check.id);
  for (const check of base) {
    const path = jsonPath("$.pipeline", check.id);
    const now = next.find((candidate) => candidate.id === check.id);
    if (!now) {
      out.push(difference("pipeline.check-removed", path, `check ${check.id} was removed`));
      continue;
    }
    const before = [...check.errors].sort().join(", ");
    const after = [...now.errors].sort().join(", ");
    if (before !== after || check.scope !== now.scope) {
      out.push(
        difference(
          "pipeline.check-errors-changed",
          jsonPath(path, "errors"),
          `check ${check.id} answered ${before || "nothing"} (${check.scope}), now ${after || "nothing"} (${now.scope})`,
        ),
      );
    }
  }
  for (const check of next) {
    if (!baseIds.includes(check.id)) {
      out.push(
        difference("pipeline.check-added", jsonPath("$.pipeline", check.id), `check ${check.id} was added`),
      );
    }
  }
  const keptBefore = baseIds.filter((id) => nextIds.includes(id));
  const keptAfter = nextIds.filter((id) => baseIds.includes(id));
  if (keptBefore.join() !== keptAfter.join()) {
    out.push(
      difference(
        "pipeline.reordered",
        "$.pipeline",
        `order was ${keptBefore.join(" → ")}, now ${keptAfter.join(" → ")}`,
      ),
    );
  }
  return out;
}
