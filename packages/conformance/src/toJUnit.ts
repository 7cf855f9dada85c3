import type { CheckResult, ConformanceReport } from "./ConformanceOptions.js";

/** Escapes text for an XML attribute or element, dropping characters XML 1.0 forbids. */
function xml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML 1.0 cannot hold
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "")
      .replaceAll("&", "&amp;")
      .replaceAll("<", "&lt;")
      .replaceAll(">", "&gt;")
      .replaceAll('"', "&quot;")
      .replaceAll("'", "&apos;")
  );
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * The report as JUnit XML, one `<testsuite>` per method (and `(service)`), one
 * `<testcase>` per check, as CI systems read it.
 *
 * @example
 * writeFileSync("conformance.xml", toJUnit(report));
 */
export function toJUnit(report: ConformanceReport): string {
  const suites = new Map<string, CheckResult[]>();
  for (const result of report.results)
    suites.set(result.suite, [...(suites.get(result.suite) ?? []), result]);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="wsafe-conformance" tests="${report.results.length}" failures="${report.failed}" skipped="${report.skipped}" time="${seconds(report.durationMs)}">`,
  ];
  for (const [name, results] of suites) {
    const failures = results.filter((result) => result.status === "failed").length;
    const skipped = results.filter((result) => result.status === "skipped").length;
    const time = results.reduce((sum, result) => sum + result.durationMs, 0);
    out.push(
      `  <testsuite name="${xml(name)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(time)}">`,
    );
    for (const result of results) {
      const open = `    <testcase classname="${xml(name)}" name="${xml(result.name)}" time="${seconds(result.durationMs)}"`;
      if (result.status === "passed") out.push(`${open}/>`);
      else if (result.status === "skipped")
        out.push(`${open}>`, `      <skipped message="${xml(result.message ?? "")}"/>`, "    </testcase>");
      else {
        const message = xml(result.message ?? "failed");
        out.push(`${open}>`, `      <failure message="${message}">${message}</failure>`, "    </testcase>");
      }
    }
    out.push("  </testsuite>");
  }
  out.push("</testsuites>");
  return `${out.join("\n")}\n`;
}
