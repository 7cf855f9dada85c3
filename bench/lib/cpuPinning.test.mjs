import { execFileSync, spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { descendantsOf, pinningPlan, pinProcess, tasksetAvailable, workersPlan } from "./cpuPinning.mjs";

describe("pinningPlan", () => {
  it("puts the server on CPU 1 and the load on CPU 0 where there are two or more", () => {
    expect(pinningPlan({ cpuCount: 2, taskset: true })).toEqual({
      pinned: true,
      serverCpus: "1",
      loadCpus: "0",
      allCpus: "0-1",
    });
    expect(pinningPlan({ cpuCount: 8, taskset: true })).toMatchObject({ pinned: true, allCpus: "0-7" });
  });

  it("falls back to the scheduler, saying why, without taskset or on one CPU", () => {
    expect(pinningPlan({ cpuCount: 4, taskset: false })).toMatchObject({
      pinned: false,
      why: "taskset is not installed",
    });
    expect(pinningPlan({ cpuCount: 1, taskset: true })).toMatchObject({
      pinned: false,
      serverCpus: "0",
      why: expect.stringMatching(/one CPU/),
    });
  });
});

describe("workersPlan", () => {
  it("does not measure two workers where the load generator would take one of their cores", () => {
    const plan = workersPlan({ cpuCount: 2, taskset: true, workers: 2 });
    expect(plan).toMatchObject({ measure: false, pinned: false });
    expect(plan.why).toMatch(/2 CPU\(s\): 2 workers and the load generator need 3/);
  });

  it("gives the workers CPUs of their own and the load another where there are enough", () => {
    expect(workersPlan({ cpuCount: 3, taskset: true, workers: 2 })).toEqual({
      measure: true,
      pinned: true,
      serverCpus: "1-2",
      loadCpus: "0",
    });
    expect(workersPlan({ cpuCount: 16, taskset: false, workers: 2 })).toMatchObject({
      measure: true,
      pinned: false,
      why: expect.stringMatching(/taskset/),
    });
  });
});

describe.skipIf(!tasksetAvailable())("pinProcess", () => {
  it("pins a running process and the processes it started to the CPUs given", async () => {
    // A parent that starts a child of its own, as `wsafe serve --workers` forks its workers.
    const parent = spawn(
      process.execPath,
      [
        "-e",
        "require('node:child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'inherit' }); setTimeout(() => {}, 20000)",
      ],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    try {
      const pid = /** @type {number} */ (parent.pid);
      let children = [];
      for (let i = 0; i < 100 && children.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        children = descendantsOf(pid);
      }
      expect(children).toHaveLength(1);
      pinProcess(pid, "0");
      for (const target of [pid, ...children]) {
        expect(execFileSync("taskset", ["-c", "-p", String(target)], { encoding: "utf8" })).toMatch(/: 0\n$/);
      }
    } finally {
      for (const target of descendantsOf(/** @type {number} */ (parent.pid))) process.kill(target);
      parent.kill();
    }
  });
});
