import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { LintProblem } from "./lintWithRedocly.js";
import { ecosystemDir, generatedDir, toolBin } from "./paths.js";
import { runTool } from "./runTool.js";

const severities = ["error", "warning", "info", "hint"];

/**
 * Lints one OpenAPI document with Spectral under the suite's committed ruleset
 * (`.spectral.yaml`: `spectral:oas`), and returns every result, hints too.
 *
 * @param file - an OpenAPI 3.1 document (Spectral reads no 3.2)
 */
export async function lintWithSpectral(file: string): Promise<LintProblem[]> {
  mkdirSync(generatedDir, { recursive: true });
  // A report file: on stdout Spectral follows the JSON with a line for people.
  const report = join(generatedDir, "spectral-report.json");
  const run = await runTool(
    toolBin("spectral"),
    [
      "lint",
      "--ruleset",
      join(ecosystemDir, ".spectral.yaml"),
      "--format",
      "json",
      "--output",
      report,
      "--fail-severity",
      "hint",
      file,
    ],
    { cwd: ecosystemDir },
  );
  let results: { code: string; severity: number; message: string; path: string[] }[];
  try {
    results = JSON.parse(readFileSync(report, "utf8"));
  } catch {
    throw new Error(`spectral lint printed no report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
  return results.map((result) => ({
    rule: result.code,
    severity: severities[result.severity] ?? String(result.severity),
    message: result.message,
    where: result.path.join("."),
  }));
}
