import { describe, expect, it } from "vitest";
import { clockTicksPerSecond, cpuMicrosPerRequest, parseProcStat, readCpuTicks } from "./procCpu.mjs";

// A real line of /proc/<pid>/stat (Linux 6.1), fields 14 and 15 set to known values.
const line = (/** @type {string} */ name) =>
  `4242 (${name}) S 4100 4242 4100 34816 4242 4194560 27871 0 2 0 1234 567 0 0 20 0 11 0 2637161 1193000960 24391 18446744073709551615 1 1 0 0 0 0 0 4096 134234626 0 0 0 17 1 0 0 0 0 0`;

describe("parseProcStat", () => {
  it("reads the parent and the user and kernel ticks counted from the last parenthesis", () => {
    expect(parseProcStat(line("node"))).toEqual({ pid: 4242, ppid: 4100, utime: 1234, stime: 567 });
    // A command name may hold spaces and parentheses: the fields are counted after the last ")".
    expect(parseProcStat(line("my (odd) server 1"))).toEqual({
      pid: 4242,
      ppid: 4100,
      utime: 1234,
      stime: 567,
    });
  });

  it("refuses a line that is not a stat line rather than guess", () => {
    expect(() => parseProcStat("not a stat line")).toThrow(/not a \/proc/);
    expect(() => parseProcStat("12 (x) S")).toThrow(/not a \/proc/);
  });
});

describe("cpuMicrosPerRequest", () => {
  it("divides the CPU time between two readings by the requests answered between them", () => {
    // 600 ticks at 100 per second are 6 s of CPU; over 200 000 requests, 30 µs each.
    expect(
      cpuMicrosPerRequest({ beforeTicks: 1000, afterTicks: 1600, requests: 200_000, ticksPerSecond: 100 }),
    ).toBe(30);
    // The unit is the kernel's: the same ticks at 250 per second are less time.
    expect(
      cpuMicrosPerRequest({ beforeTicks: 0, afterTicks: 600, requests: 200_000, ticksPerSecond: 250 }),
    ).toBe(12);
  });

  it("gives NaN, never a made-up figure, when a reading or the requests are missing", () => {
    const sample = { beforeTicks: 1, afterTicks: 2, requests: 10, ticksPerSecond: 100 };
    expect(cpuMicrosPerRequest({ ...sample, beforeTicks: null })).toBeNaN();
    expect(cpuMicrosPerRequest({ ...sample, afterTicks: null })).toBeNaN();
    expect(cpuMicrosPerRequest({ ...sample, requests: 0 })).toBeNaN();
    expect(cpuMicrosPerRequest({ ...sample, ticksPerSecond: 0 })).toBeNaN();
  });
});

describe("readCpuTicks", () => {
  it("sees this process's own CPU time grow while it works, and null for no process", () => {
    const before = /** @type {number} */ (readCpuTicks(process.pid));
    // Spin until Node itself counts 150 ms more of this process's CPU: on a busy machine
    // the wall clock runs well ahead of it.
    const start = process.cpuUsage();
    let spin = 0;
    while (process.cpuUsage(start).user < 150_000) spin++;
    expect(spin).toBeGreaterThan(0);
    const after = /** @type {number} */ (readCpuTicks(process.pid));
    // 150 ms of CPU is 15 ticks at 100 per second; allow for ticks counted coarsely.
    expect(after - before).toBeGreaterThanOrEqual(Math.floor(clockTicksPerSecond() * 0.1));
    expect(readCpuTicks(2 ** 22 + 1)).toBeNull();
  });
});
