import { spawn } from "node:child_process";

/**
 * Runs a Node script in a child process with its options as JSON in its first argument,
 * pinned with `taskset -c cpus` when `cpus` is given (the steady method keeps a load
 * generator off the server's CPU), and answers the JSON of the last line it printed: the
 * load children report their result that way, after any progress of their own.
 *
 * @param {string} script - the child's file
 * @param {unknown} options - given to the child as its JSON argument
 * @param {string | undefined} cpus - a `taskset -c` list, or `undefined` to leave it to the scheduler
 * @param {string} what - names the child in a failure ("autocannon", "the inspection load")
 * @returns {Promise<any>} the last line of its output, parsed
 */
export function runPinnedChild(script, options, cpus, what) {
  const args = [script, JSON.stringify(options)];
  const [command, commandArgs] = cpus
    ? ["taskset", ["-c", cpus, process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    // The end of a failing child's errors is what says why; its whole output could be large.
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      try {
        resolve(JSON.parse(stdout.trim().split("\n").pop() ?? ""));
      } catch {
        reject(new Error(`${what} failed (exit ${code ?? signal}): ${stderr || stdout}`));
      }
    });
  });
}
