// Runs the checks of `npm test` as turbo tasks, so that turbo's cache decides what has
// to run: a check whose inputs (its package's files, what it depends on, the files
// turbo.json names for it, the services' variables) did not change since it last
// passed is replayed from the cache instead of run.
import { spawn, spawnSync } from "node:child_process";
import { failureLines } from "./failureLines.mjs";
import { root } from "./toolchain.mjs";

// Turbo's own lines around each run (its version, the scope, the tally) and those of the
// builds each check depends on (done before the checks, cached): the tally of every check
// is printed once, at the end, by test.mjs.
const turboChatter =
  /^\s*(• |Tasks:|Cached:|Time:|Failed:|>>> FULL TURBO|\s*$|WARNING {2}no output files found)|^\S+:build: cache hit/;

/**
 * The checks turbo would run for these tasks, and whether each is in its cache already.
 *
 * @param {string[]} tasks - turbo task names (`test`, `lint`, ...)
 * @param {{ env: NodeJS.ProcessEnv, filters: string[] }} options - the environment, `--filter`s
 * @returns {{ id: string, cached: boolean }[]} in turbo's order
 */
export function plannedChecks(tasks, { env, filters }) {
  const dry = spawnSync(
    "turbo",
    ["run", ...tasks, ...filters.map((filter) => `--filter=${filter}`), "--dry=json"],
    { cwd: root, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  if (dry.status !== 0) throw new Error(`turbo could not plan the checks:\n${dry.stderr}`);
  const plan = JSON.parse(dry.stdout);
  return plan.tasks
    .filter((task) => tasks.includes(task.task))
    .map((task) => ({ id: task.taskId, cached: task.cache.status === "HIT" }));
}

/**
 * Runs turbo tasks (by id, `@wsafe/server#test`) to their end, their output printed as
 * it comes with turbo's `package:task:` prefix, less turbo's own chatter.
 *
 * @param {string[]} ids - the task ids
 * @param {{ env: NodeJS.ProcessEnv, force?: boolean, logs?: string }} options - `force`
 *   ignores the cache (the results are still written to it); `logs` is turbo's
 *   `--output-logs` (default `new-only`: the dependencies' builds, cached, say nothing)
 * @returns {Promise<{ code: number, ms: number, cpuMs?: number, failures: string[] }>}
 *   `cpuMs`: the processor time (user and system) of turbo and every process it and its
 *   tasks waited for - what the check costs a machine whichever else runs beside it (a
 *   shared server's own processes, PostgreSQL's backends, are not counted); absent where
 *   bash cannot say it. `failures`: the first lines of the output that say what failed
 *   (colours taken out), to be printed again at the end of the run
 */
export function runTurbo(ids, { env, force = false, logs = "new-only" }) {
  const started = Date.now();
  const args = ["run", ...ids, `--output-logs=${logs}`, "--log-order=stream", "--log-prefix=task"];
  if (force) args.push("--force");
  return new Promise((resolve) => {
    // bash's `times` reports, on its second line, the user and system time of the
    // children it waited for: turbo, and through turbo every task and process reaped
    // below it. Node's child_process does not expose a child's resource usage.
    const child = spawn("bash", ["-c", 'turbo "$@"; code=$?; times >&3; exit $code', "bash", ...args], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe", "pipe"],
    });
    let times = "";
    const failures = failureLines();
    child.stdio[3]?.setEncoding("utf8").on("data", (chunk) => {
      times += chunk;
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = "";
      stream.setEncoding("utf8").on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) {
          if (turboChatter.test(line)) continue;
          out.write(`${line}\n`);
          failures.see(line);
        }
      });
      stream.on("end", () => {
        if (rest && !turboChatter.test(rest)) {
          out.write(`${rest}\n`);
          failures.see(rest);
        }
      });
    }
    child.once("error", (error) => {
      console.error(`test: cannot start turbo: ${error.message}`);
      resolve({ code: 127, ms: Date.now() - started, failures: failures.lines });
    });
    child.once("close", (code, signal) =>
      resolve({
        code: code ?? (signal ? 128 : 1),
        ms: Date.now() - started,
        cpuMs: childrenCpuMs(times),
        failures: failures.lines,
      }),
    );
  });
}

/**
 * The children's processor time from bash's `times` (its second line, `0m1.500s 0m0.250s`:
 * user, then system), in ms.
 *
 * @param {string} text - what `times` printed
 * @returns {number | undefined} undefined when the line is not there
 */
export function childrenCpuMs(text) {
  const line = text.trim().split("\n")[1] ?? "";
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return undefined;
  return parts.reduce((sum, [, m, s]) => sum + (Number(m) * 60 + Number(s)) * 1000, 0);
}
