import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * The fields of `/proc/<pid>/stat` the bench reads: the parent's pid and the CPU time
 * the process has used so far, in user and kernel mode, in clock ticks, all its
 * threads together (V8's compiler and collector threads, libuv's pool, OpenSSL).
 * The command name (field 2) is in parentheses and may hold spaces and parentheses
 * itself, so the fields are counted from the last `)`.
 *
 * @param {string} text - the file's one line
 * @returns {{ pid: number, ppid: number, utime: number, stime: number }}
 * @example
 * parseProcStat("42 (node) S 1 42 42 0 -1 4194304 0 0 0 0 150 30 0 0 20 0 11 0 ...");
 * // { pid: 42, ppid: 1, utime: 150, stime: 30 }
 */
export function parseProcStat(text) {
  const close = text.lastIndexOf(")");
  if (close < 0) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  // After the name: field 3 (state) is index 0, so field N is index N - 3.
  const fields = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (/** @type {number} */ n) => Number(fields[n - 3]);
  const parsed = { pid: Number.parseInt(text, 10), ppid: field(4), utime: field(14), stime: field(15) };
  if (![parsed.pid, parsed.ppid, parsed.utime, parsed.stime].every(Number.isFinite))
    throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  return parsed;
}

/**
 * The CPU time a process has used so far (user + kernel, every thread), in clock
 * ticks; null where `/proc` cannot tell (no such process, not Linux).
 *
 * @param {number} pid
 * @returns {number | null}
 */
export function readCpuTicks(pid) {
  try {
    const { utime, stime } = parseProcStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
    return utime + stime;
  } catch {
    return null;
  }
}

/** @type {number | undefined} */
let ticksPerSecond;
/**
 * The kernel's clock ticks per second (`getconf CLK_TCK`), the unit of the CPU times
 * in `/proc/<pid>/stat`; 100 (Linux's value everywhere the bench has run) when
 * `getconf` is missing.
 */
export function clockTicksPerSecond() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * Microseconds of the server's CPU per answered request over one round: the growth of
 * its user + kernel time between two readings of `/proc/<pid>/stat`, divided by the
 * requests answered in between. NaN when it cannot be told (a reading missing, no
 * request answered), never a made-up figure.
 *
 * A tick is 10 ms at 100 per second: a round of 6 s at full speed uses ~600 ticks, so
 * the rounding is under 0.2 % of the figure.
 *
 * @param {{ beforeTicks: number | null, afterTicks: number | null, requests: number, ticksPerSecond: number }} sample
 * @returns {number}
 * @example
 * cpuMicrosPerRequest({ beforeTicks: 1000, afterTicks: 1600, requests: 200_000, ticksPerSecond: 100 }); // 30
 */
export function cpuMicrosPerRequest({ beforeTicks, afterTicks, requests, ticksPerSecond: perSecond }) {
  if (beforeTicks == null || afterTicks == null || !(requests > 0) || !(perSecond > 0)) return Number.NaN;
  return (((afterTicks - beforeTicks) / perSecond) * 1e6) / requests;
}
