// The CPU an idle server spends per second (workload 8, the recorder's cost), read from
// /proc at nanosecond resolution: `/proc/<pid>/stat` counts in ticks of 10 ms, and an
// idle server uses a few milliseconds per second, so a 20 s window would hold a handful
// of ticks.
import { readdirSync, readFileSync } from "node:fs";
import { median } from "./percentiles.mjs";

/**
 * Nanoseconds a process has run on a CPU so far, every thread together (V8's compiler
 * and collector threads, libuv's pool): the first field of each
 * `/proc/<pid>/task/<tid>/schedstat`. Null when the process is gone. A thread that ended
 * takes its time with it, which for an idle server (no pool threads coming and going)
 * loses nothing measurable.
 *
 * @param {number} pid
 * @returns {number | null}
 */
export function readCpuNanos(pid) {
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  let sum = 0;
  for (const task of tasks) {
    try {
      sum += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return sum;
}

/**
 * Milliseconds of CPU per second of wall time between two readings of several processes
 * (a server and its PostgreSQL backends), each reading a map from pid to nanoseconds. A
 * process in the second reading only (a backend opened meanwhile) counts from zero; one
 * in the first only (closed meanwhile) is left out, its last time unknown.
 *
 * @param {Map<number, number>} before
 * @param {Map<number, number>} after
 * @param {number} seconds - wall time between the readings
 * @returns {number} NaN when it cannot be told
 * @example
 * cpuMillisPerSecond(new Map([[7, 1e9]]), new Map([[7, 1.04e9]]), 10); // 4
 */
export function cpuMillisPerSecond(before, after, seconds) {
  if (!(seconds > 0) || after.size === 0) return Number.NaN;
  let nanos = 0;
  for (const [pid, now] of after) nanos += now - (before.get(pid) ?? 0);
  return nanos / 1e6 / seconds;
}

/**
 * Samples the CPU of some processes over `seconds`, in slices, and answers each slice's
 * milliseconds per second and their median: a garbage collection or a compiler thread
 * finishing its work lands in one slice and does not move the median.
 *
 * @param {() => Promise<number[]> | number[]} pids - the processes to count, asked at each slice
 * @param {{ seconds: number, sliceSeconds: number }} window
 * @returns {Promise<{ medianMsPerSecond: number, meanMsPerSecond: number, slices: number[] }>}
 */
export async function sampleIdleCpu(pids, { seconds, sliceSeconds }) {
  const read = async () => {
    /** @type {Map<number, number>} */
    const reading = new Map();
    for (const pid of await pids()) {
      const nanos = readCpuNanos(pid);
      if (nanos !== null) reading.set(pid, nanos);
    }
    return { reading, at: performance.now() };
  };
  /** @type {number[]} */
  const slices = [];
  let last = await read();
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end - 1) {
    await new Promise((resolve) =>
      setTimeout(resolve, Math.min(sliceSeconds * 1000, end - performance.now())),
    );
    const now = await read();
    slices.push(cpuMillisPerSecond(last.reading, now.reading, (now.at - last.at) / 1000));
    last = now;
  }
  return idleCpuSummary(slices);
}

/**
 * The figures of a series of slices: the median slice and the mean.
 *
 * @param {number[]} slices - milliseconds of CPU per second, one per slice
 * @example
 * idleCpuSummary([2, 3, 40]); // { medianMsPerSecond: 3, meanMsPerSecond: 15, slices: [2, 3, 40] }
 */
export function idleCpuSummary(slices) {
  const finite = slices.filter(Number.isFinite);
  return {
    medianMsPerSecond: median(finite),
    meanMsPerSecond: finite.length ? finite.reduce((sum, s) => sum + s, 0) / finite.length : Number.NaN,
    slices,
  };
}
