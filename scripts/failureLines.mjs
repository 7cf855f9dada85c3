// The lines of a check's output that say what failed: vitest's `FAIL` and `×` lines,
// node:test's `not ok`, and the errors and time-outs printed after the first of them.
// `npm test` prints them again after its tally, so that the end of a long log (all a CI
// page may keep) says which test failed and why, not only which check.

/** A line that names a failed test. */
const failedTest = /(^|\s)(FAIL|×|✗|not ok \d+)\s/;
/** A line that says why; before the first failed test it is a passing test's log, not kept. */
const reason = /\b(AssertionError|TypeError|RangeError|Error):\s|timed out after|Test timed out/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a colour
const colour = /\u001b\[[0-9;]*m/g;

/**
 * Keeps, of the lines it is given, those that say what failed, colours taken out, each
 * once, the first `max` of them: every line naming a failed test, and the errors after
 * the first such line (passing tests log errors they expect, before any failure).
 *
 * @param {number} [max] - the most lines kept (a failing suite can print thousands)
 * @returns {{ see(line: string): void, lines: string[] }} `see` each line as it comes;
 *   `lines` are the ones kept, in the order seen
 */
export function failureLines(max = 40) {
  const lines = [];
  let failing = false;
  return {
    lines,
    see(line) {
      if (lines.length >= max) return;
      const plain = line.replace(colour, "");
      const names = failedTest.test(plain);
      if (!names && !(failing && reason.test(plain))) return;
      failing = true;
      if (!lines.includes(plain)) lines.push(plain);
    },
  };
}
