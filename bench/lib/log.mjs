// Progress lines while the bench runs: a long run must show where it is, and the
// elapsed time tells a reader which workload took the minutes.
const started = performance.now();

/** Prints one progress line, prefixed with the seconds since the run began. @param {string} text */
export function progress(text) {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stdout.write(`[${seconds}s] ${text}\n`);
}

/** Prints a message that must not be missed (a skipped workload, a mismatch). @param {string} text */
export function loud(text) {
  const line = "!".repeat(Math.min(100, text.length + 8));
  process.stdout.write(`\n${line}\n!!! ${text}\n${line}\n\n`);
}
