// The last resort of a stop: a thread of the process's own kills it when its main thread
// cannot end it - blocked, where no timer of its fires. Each case is a real Node process
// using the built module.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const watchdogModule = fileURLToPath(new URL("../dist/cli/exitWatchdog.js", import.meta.url));

/** Runs a module script that imports `startExitWatchdog`; resolves with how it ended and when. */
function run(body: string): Promise<{ code: number | null; signal: string | null; ms: number }> {
  const script = `import { startExitWatchdog } from ${JSON.stringify(watchdogModule)};\n${body}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "ignore" });
  return new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, ms: performance.now() - started })),
  );
}

// Blocks the main thread for good: nothing on it runs again, timers and signal handlers included.
const blockForEver = "Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);";

describe("startExitWatchdog", () => {
  it("kills a process whose main thread is blocked, at its deadline", async () => {
    const ended = await run(
      `startExitWatchdog(1000); setTimeout(() => process.exit(3), 10); ${blockForEver}`,
    );
    expect(ended).toMatchObject({ code: null, signal: "SIGKILL" });
    expect(ended.ms).toBeGreaterThanOrEqual(1000);
  });

  it("kills a process whose exit hangs, soon after it is told the process is exiting", async () => {
    const ended = await run(
      `const watchdog = startExitWatchdog(600_000);
       process.on("exit", () => { ${blockForEver} });
       watchdog.killAfter(200);
       process.exit(0);`,
    );
    expect(ended).toMatchObject({ code: null, signal: "SIGKILL" });
    expect(ended.ms).toBeLessThan(60_000);
  });

  it("lets a process that can exit end by itself, with its own code, and never keeps it alive", async () => {
    expect(await run("startExitWatchdog(600_000).killAfter(500); process.exit(3);")).toMatchObject({
      code: 3,
    });
    const idle = await run("startExitWatchdog(600_000);");
    expect(idle).toMatchObject({ code: 0, signal: null });
    expect(idle.ms).toBeLessThan(60_000);
  });
});
