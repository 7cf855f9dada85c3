import type { ContractCheckResult } from "./checkContract.js";
import type { Difference } from "./difference.js";

const line = (d: Difference) => `  ${d.rule.padEnd(36)} ${d.path}\n  ${"".padEnd(36)} ${d.message}`;

/**
 * The gate's verdict for people: the version to release, breaking changes first, then
 * additive ones, each with its rule id and JSON path, then what to do.
 *
 * @example
 * process.stdout.write(formatReport(checkContract(base, next, { changesetDir })));
 */
export function formatReport(
  result: ContractCheckResult,
  labels: { base: string; next: string } = { base: "base", next: "next" },
): string {
  const out: string[] = [`contract-check: ${labels.base} → ${labels.next}`];
  if (!result.breaking.length && !result.additive.length && !result.acknowledged.length)
    out.push("no contract changes.");
  if (result.version) out.push(`release: ${result.version}, serving /${result.line}`);
  if (result.breaking.length) {
    const allowed = result.breakingAllowed
      ? `, allowed: the move to a new line released as ${result.version}`
      : "";
    out.push("", `BREAKING (${result.breaking.length})${allowed}:`, ...result.breaking.map(line));
  }
  if (result.acknowledged.length) {
    out.push(
      "",
      `acknowledged breaking (${result.acknowledged.length}), each accepted by a reviewed acknowledgement:`,
      ...result.acknowledged.map((d) => `${line(d)}\n  ${"".padEnd(36)} why: ${d.reason}`),
    );
  }
  if (result.additive.length)
    out.push("", `additive (${result.additive.length}):`, ...result.additive.map(line));
  const named = (changesets: typeof result.changesets) =>
    changesets.map((c) => `${c.file} (${c.type})`).join(", ");
  if (result.changesets.length) out.push("", `changesets bumping the contract: ${named(result.changesets)}`);
  if (result.cliChangesets.length)
    out.push(`changesets bumping the command line: ${named(result.cliChangesets)}`);
  out.push("");
  if (result.ok) out.push("contract-check: passed.");
  else out.push(...result.failures.map((failure) => `contract-check: FAILED: ${failure}`));
  return `${out.join("\n")}\n`;
}
