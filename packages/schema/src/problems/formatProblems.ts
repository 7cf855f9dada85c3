import type { PayloadProblem } from "./PayloadProblem.js";

/** How {@link formatProblems} lays the list out. */
export interface FormatProblemsOptions {
  /** The most problems listed; the rest are counted. Default 50. */
  limit?: number;
  /** The most consequences listed under one cause; the rest are counted. Default 10. */
  consequenceLimit?: number;
  /** Put before every line. Default two spaces. */
  indent?: string;
}

/** One problem as a line: `equipment "eq_1": required field \`serialNumber\` missing`. */
export function formatProblem(problem: PayloadProblem): string {
  return problem.record === "" ? problem.message : `${problem.record}: ${problem.message}`;
}

const more = (count: number, what: string) => `… and ${count} more ${what}`;

/**
 * A list of problems as people read it: one line each, each cause followed by what
 * only follows from it (indented), at most `limit` problems and then how many more
 * there are, so that a file with ten thousand broken records still fits a terminal.
 * `wsafe import` and `wsafe-schema validate` both print it.
 *
 * @param problems - from `describeProblems`, or an import's reference check
 * @param options - limits and indent
 * @example
 * console.error(formatProblems(describeProblems("Dataset", document)));
 * //   equipment "eq_h_0003": required field `serialNumber` missing
 * //   equipment "eq_h_0004": `created` must be an integer (ms since the epoch), got "yesterday"
 */
export function formatProblems(
  problems: readonly PayloadProblem[],
  options: FormatProblemsOptions = {},
): string {
  const { limit = 50, consequenceLimit = 10, indent = "  " } = options;
  const lines: string[] = [];
  for (const problem of problems.slice(0, limit)) {
    lines.push(`${indent}${formatProblem(problem)}`);
    const consequences = problem.consequences ?? [];
    for (const consequence of consequences.slice(0, consequenceLimit))
      lines.push(`${indent}  - ${formatProblem(consequence)}`);
    if (consequences.length > consequenceLimit)
      lines.push(`${indent}  - ${more(consequences.length - consequenceLimit, "like it")}`);
  }
  if (problems.length > limit)
    lines.push(
      `${indent}${more(problems.length - limit, problems.length - limit === 1 ? "problem" : "problems")}`,
    );
  return lines.join("\n");
}
