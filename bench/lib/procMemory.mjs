import { readFileSync } from "node:fs";

/**
 * The resident memory of a process as the kernel counts it: `VmRSS` now and `VmHWM`,
 * its peak ("high water mark") since the process started, both in bytes. Read from
 * /proc, so it works for any child, whatever runs in it; null where /proc is absent.
 *
 * @param {number} pid
 * @returns {{ rss: number, peak: number } | null}
 */
export function procMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (/** @type {string} */ key) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
    return { rss: kib("VmRSS") * 1024, peak: kib("VmHWM") * 1024 };
  } catch {
    return null;
  }
}

/**
 * Follows a process's peak memory while it runs: the last VmHWM read before it exits
 * is its peak (the kernel's figure is gone once the process is reaped).
 *
 * @param {number} pid
 * @param {number} [everyMs]
 * @returns {{ stop(): number }} stop() returns the highest peak seen, in bytes (NaN when never read)
 */
export function watchPeakMemory(pid, everyMs = 50) {
  let peak = Number.NaN;
  const read = () => {
    const memory = procMemory(pid);
    if (memory && Number.isFinite(memory.peak) && !(memory.peak <= peak)) peak = memory.peak;
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}
