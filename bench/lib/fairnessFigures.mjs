// The figures of workload 10, webhook fairness: another tenant's wait for its delivery while
// one tenant's endpoint times out with a backlog, beside the budget the issue sets (2 s)
// and beside the server of 1.0.0 in the same scene.
import { figure } from "./figure.mjs";

/** The budget: another tenant's delivery arrives within 2 s of its event. */
export const fairnessBudgetMs = 2000;

/**
 * @param {{ backlog: number, samples: number, wsafe: { medianMs: number, maxMs: number, lowerBound?: boolean }, baseline?: { commit: string, medianMs: number, maxMs: number, lowerBound?: boolean } }} run
 * @returns {import("./figure.mjs").Figure[]}
 */
export function fairnessFigures(run) {
  const scene = `another tenant's delivery, event to arrival, beside an endpoint timing out with ${run.backlog.toLocaleString("en-US")} deliveries (PostgreSQL, worst of ${run.samples})`;
  const figures = [
    figure({
      workload: "9 fairness",
      name: scene,
      value: run.wsafe.maxMs,
      unit: "ms",
      peer: "budget 2 s",
      peerValue: fairnessBudgetMs,
      goal: "≤ 1.00×",
      met: run.wsafe.maxMs <= fairnessBudgetMs,
    }),
  ];
  if (run.baseline)
    figures.push(
      figure({
        workload: "9 fairness",
        name: scene,
        value: run.wsafe.maxMs,
        unit: "ms",
        peer: `1.0.0 (${run.baseline.commit.slice(0, 7)}), rounds${run.baseline.lowerBound ? ": none arrived in" : ""}`,
        peerValue: run.baseline.maxMs,
      }),
    );
  return figures;
}
