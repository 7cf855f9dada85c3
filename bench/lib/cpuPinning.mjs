// The steady method's CPU plan: the server under load on one CPU, the load generator on
// another, so that neither takes the other's core and a figure holds from round to
// round (pinned, rounds moved ~10 %; unpinned, ±30 %: issue 28).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { parseProcStat } from "./procCpu.mjs";

/**
 * @typedef {object} PinningPlan
 * @property {boolean} pinned - whether servers and load get CPUs of their own
 * @property {string} serverCpus - `taskset -c` list for the server under load, e.g. `1`
 * @property {string} loadCpus - the same for the load generator, e.g. `0`
 * @property {string} allCpus - every CPU, to let a process run anywhere again
 * @property {string} [why] - when not pinned: why, for a loud line in the output
 */

/**
 * Where the pipeline's servers and load generator run. The server gets CPU 1 and the
 * load CPU 0 (the bench itself only waits meanwhile). Without `taskset`, or on one
 * CPU, nothing is pinned and the plan says why.
 *
 * @param {{ cpuCount: number, taskset: boolean }} machine
 * @returns {PinningPlan}
 * @example
 * pinningPlan({ cpuCount: 2, taskset: true }); // { pinned: true, serverCpus: "1", loadCpus: "0", allCpus: "0-1" }
 */
export function pinningPlan({ cpuCount, taskset }) {
  const allCpus = cpuCount > 1 ? `0-${cpuCount - 1}` : "0";
  if (!taskset)
    return {
      pinned: false,
      serverCpus: allCpus,
      loadCpus: allCpus,
      allCpus,
      why: "taskset is not installed",
    };
  if (cpuCount < 2)
    return {
      pinned: false,
      serverCpus: allCpus,
      loadCpus: allCpus,
      allCpus,
      why: "the machine has one CPU, so server and load generator share it",
    };
  return { pinned: true, serverCpus: "1", loadCpus: "0", allCpus };
}

/**
 * Whether `--workers N` can be measured here, and on which CPUs: only where the load
 * generator has a core of its own beside the workers' (N + 1 CPUs). On fewer, the
 * load takes a core the workers would need, and what the figure measures is the
 * contention (0.47× of one worker on 2 cores), not what workers give.
 *
 * @param {{ cpuCount: number, taskset: boolean, workers: number }} machine
 * @returns {{ measure: boolean, pinned: boolean, serverCpus: string, loadCpus: string, why?: string }}
 * @example
 * workersPlan({ cpuCount: 4, taskset: true, workers: 2 }); // { measure: true, pinned: true, serverCpus: "1-2", loadCpus: "0" }
 */
export function workersPlan({ cpuCount, taskset, workers }) {
  const allCpus = cpuCount > 1 ? `0-${cpuCount - 1}` : "0";
  if (cpuCount < workers + 1) {
    return {
      measure: false,
      pinned: false,
      serverCpus: allCpus,
      loadCpus: allCpus,
      why: `${cpuCount} CPU(s): ${workers} workers and the load generator need ${workers + 1}, so the load would take a core the workers need and the figure would measure that contention, not what workers give`,
    };
  }
  if (!taskset)
    return {
      measure: true,
      pinned: false,
      serverCpus: allCpus,
      loadCpus: allCpus,
      why: "taskset is not installed: workers and load are left to the scheduler",
    };
  return { measure: true, pinned: true, serverCpus: workers > 1 ? `1-${workers}` : "1", loadCpus: "0" };
}

/** Whether `taskset` (util-linux) can be run. */
export function tasksetAvailable() {
  try {
    execFileSync("taskset", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * The pids of a process's children, grandchildren and so on (a `--workers` server's
 * cluster workers), read from `/proc`.
 *
 * @param {number} pid
 * @returns {number[]}
 */
export function descendantsOf(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { pid: child, ppid } = parseProcStat(readFileSync(`/proc/${entry}/stat`, "utf8"));
      children.set(ppid, [...(children.get(ppid) ?? []), child]);
    } catch {
      // The process ended while the list was read: it has no children to pin.
    }
  }
  const found = [];
  for (let queue = [pid]; queue.length; ) {
    const next = children.get(/** @type {number} */ (queue.shift())) ?? [];
    found.push(...next);
    queue.push(...next);
  }
  return found;
}

/**
 * Sets the CPUs a running process may use: every thread of it (`taskset -a`: V8's and
 * libuv's too) and of its descendants. Threads and processes it starts later inherit
 * the setting.
 *
 * @param {number} pid - a process the bench started
 * @param {string} cpus - a `taskset -c` list, e.g. `1` or `0-1`
 */
export function pinProcess(pid, cpus) {
  for (const target of [pid, ...descendantsOf(pid)]) {
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(target)], { stdio: "ignore" });
  }
}
