// Reads `perf script` output of a Node server run with `--perf-basic-prof` and charges
// each sample to the innermost JavaScript frame on its stack, so that native work a
// function causes (V8 builtins and runtime, OpenSSL, allocation) counts as that
// function's. A V8 profile cannot show what this shows: kernel time, and the time of
// every thread of the process.
import { codePlace } from "./codePlace.mjs";

/** @typedef {{ periodNs: number, frames: string[] }} PerfSample frames innermost first */

/**
 * The samples of `perf script` text (its default output, with call graphs).
 *
 * @param {string} text
 * @returns {PerfSample[]}
 */
export function parsePerfScript(text) {
  /** @type {PerfSample[]} */
  const samples = [];
  /** @type {PerfSample | undefined} */
  let current;
  for (const line of text.split("\n")) {
    if (line.trim() === "") {
      current = undefined;
      continue;
    }
    if (!/^\s/.test(line)) {
      // "node 23588 34228.248960:     500250 cpu-clock:ppp: " - the period, in ns of CPU.
      const period = /:\s+(\d+)\s+[\w-]+(?::\w*)?:\s*$/.exec(line);
      current = { periodNs: period ? Number(period[1]) : 0, frames: [] };
      samples.push(current);
      continue;
    }
    // "	    7f5b3792d79f JS:*get flags file:///x.js:2:12716+0xdf (/tmp/perf-1.map)"
    const frame = /^\s*[0-9a-f]+\s+(.*?)(?:\+0x[0-9a-f]+)?\s+\([^)]*\)\s*$/.exec(line);
    if (current && frame) current.frames.push(frame[1]);
  }
  return samples;
}

/**
 * The part of the process a sample belongs to: the `write` system call (an answer
 * leaving; on loopback it also delivers the bytes and wakes the client), the native
 * read path before any JavaScript runs (TLS decryption, HTTP parsing), garbage
 * collection, or else the innermost JavaScript frame, by function or by place.
 *
 * @param {PerfSample} sample
 * @param {"place" | "function"} by
 */
export function partOf(sample, by) {
  const { frames } = sample;
  if (frames.some((frame) => frame.startsWith("__GI___libc_write") || frame === "__libc_write"))
    return "[write system call]";
  const js = frames.find((frame) => frame.startsWith("JS:"));
  if (!js) {
    if (frames.some((frame) => /TLSWrap::ClearOut|SSL_read/.test(frame))) return "[native read path]";
    if (frames.some((frame) => /Heap::|Scaveng|Marking|Sweep/.test(frame))) return "[garbage collection]";
    return `[native] ${frames[0] ?? "?"}`;
  }
  // "JS:*answer file:///w/apps/server/dist/http/createApiLane.js:33:26", "JS:^ :3:8"
  const [, name = "", location = ""] = /^JS:[*^~]?(\S*)\s*(.*)$/.exec(js) ?? [];
  const place = codePlace(location, { nodeModules: "apart" });
  return by === "function" ? `${name || "(anonymous)"}  ${place}` : place;
}

/**
 * Microseconds of CPU per request by part, largest first.
 *
 * @param {PerfSample[]} samples
 * @param {number} requests - requests answered while perf recorded
 * @param {"place" | "function"} by
 * @returns {{ part: string, micros: number }[]}
 */
export function perRequest(samples, requests, by) {
  /** @type {Map<string, number>} */
  const ns = new Map();
  for (const sample of samples) {
    const part = partOf(sample, by);
    ns.set(part, (ns.get(part) ?? 0) + sample.periodNs);
  }
  return [...ns]
    .map(([part, total]) => ({ part, micros: total / 1000 / requests }))
    .sort((a, b) => b.micros - a.micros);
}
