// Reads a Stryker JSON report (mutation-testing-report-schema) into the figures the
// README and the docs publish. Kept apart from the runner so that the docs' test can
// check the arithmetic on a small report.

/** Statuses that count as undetected: every test passed, or none ran the mutant. */
const undetected = new Set(["Survived", "NoCoverage"]);

/**
 * Counts a report's mutants by status and computes Stryker's mutation score: detected
 * over detected plus undetected. Ignored mutants (static ones, with `ignoreStatic`) and
 * mutants that do not compile or crash the runner are in neither, as in Stryker's own
 * clear-text table.
 *
 * @param report - the parsed `mutation.json`
 * @returns the counts and the score in percent, one decimal
 */
export function mutationScore(report) {
  const counts = {
    killed: 0,
    timeout: 0,
    survived: 0,
    noCoverage: 0,
    ignored: 0,
    errors: 0,
  };
  const key = {
    Killed: "killed",
    Timeout: "timeout",
    Survived: "survived",
    NoCoverage: "noCoverage",
    Ignored: "ignored",
  };
  let files = 0;
  for (const file of Object.values(report.files)) {
    files++;
    for (const mutant of file.mutants) counts[key[mutant.status] ?? "errors"]++;
  }
  const found = counts.killed + counts.timeout;
  const valid = found + counts.survived + counts.noCoverage;
  const score = valid === 0 ? 100 : Math.round((found / valid) * 1000) / 10;
  return { score, files, mutants: valid, ...counts };
}

/**
 * The surviving and uncovered mutants of a report, for a person to read: where, which
 * mutator, what it put in.
 *
 * @param report - the parsed `mutation.json`
 * @param base - the folder the report's file names are relative to, for display
 */
export function survivors(report, base = "") {
  const list = [];
  for (const [name, file] of Object.entries(report.files))
    for (const mutant of file.mutants)
      if (undetected.has(mutant.status))
        list.push({
          file: `${base}${name}`,
          line: mutant.location.start.line,
          mutator: mutant.mutatorName,
          replacement: mutant.replacement,
          status: mutant.status,
        });
  return list.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}
