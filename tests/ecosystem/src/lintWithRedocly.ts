import { join } from "node:path";
import { ecosystemDir, toolBin } from "./paths.js";
import { runTool } from "./runTool.js";

/** One finding of a linter, as the suite reports it. */
export interface LintProblem {
  rule: string;
  severity: string;
  message: string;
  where: string;
}

/**
 * Lints one OpenAPI document with Redocly CLI under the suite's committed config
 * (`redocly.yaml`: the recommended ruleset), and returns every problem, warnings too.
 *
 * @param file - an OpenAPI 3.1 or 3.2 document
 */
export async function lintWithRedocly(file: string): Promise<LintProblem[]> {
  const run = await runTool(
    toolBin("redocly"),
    ["lint", "--config", join(ecosystemDir, "redocly.yaml"), "--format", "json", file],
    { cwd: ecosystemDir },
  );
  let report: {
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`redocly lint printed no report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
  return report.problems.map((problem) => ({
    rule: problem.ruleId,
    severity: problem.severity,
    message: problem.message,
    where: problem.location.map((location) => location.pointer).join(", "),
  }));
}
