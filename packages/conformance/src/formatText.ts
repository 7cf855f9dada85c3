import type { CheckResult, ConformanceReport } from "./ConformanceOptions.js";

const marks = { passed: "✓", failed: "✗", skipped: "-" } as const;

/** One check as a line of text (two when it has a message). */
export function formatResult(result: CheckResult): string {
  const line = `  ${marks[result.status]} ${result.name}${result.status === "skipped" ? " (skipped)" : ""}`;
  return result.message ? `${line}\n      ${result.message}` : line;
}

/**
 * The report for people: checks grouped by suite, then a summary line.
 *
 * @example
 * process.stdout.write(formatText(await runConformance(options)));
 */
export function formatText(report: ConformanceReport): string {
  const out: string[] = [`wsafe-conformance: ${report.baseUrl}`];
  let suite: string | undefined;
  for (const result of report.results) {
    if (result.suite !== suite) {
      suite = result.suite;
      out.push("", suite);
    }
    out.push(formatResult(result));
  }
  out.push("", formatSummary(report));
  return `${out.join("\n")}\n`;
}

/** `41 passed, 1 failed, 2 skipped in 1.3 s`. */
export function formatSummary(report: ConformanceReport): string {
  return `${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped in ${(report.durationMs / 1000).toFixed(1)} s`;
}
