import { spawn } from "node:child_process";
import { wsafeBin } from "./serverDirectory.js";
import { serverNodeOptions } from "./serverNodeOptions.js";

/** How a `wsafe` command ended and what it printed. */
export interface WsafeRun {
  /** The exit code, or the signal that ended it. */
  code: number | NodeJS.Signals;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved in the order they came. */
  output: string;
}

/**
 * Runs a `wsafe` command (`import`, `tokens`, `accounts`, a `serve` that must fail) to
 * its end and resolves with how it ended; it never rejects on a non-zero exit, so a
 * test can assert the code and message. `serveCli` starts a server that keeps running.
 *
 * @param args - the arguments after `wsafe`, e.g. `["tokens", "create", "--account", "acc_demo"]`
 * @param options - its working directory and extra environment, and `serverDirectory`
 *   (default: the workspace's, see `serverDirectory`)
 * @example
 * import { runWsafe } from "@wsafe/test-support";
 * const { code, stdout } = await runWsafe(["tokens", "create", "--account", "acc_demo", "--database", url]);
 */
export function runWsafe(
  args: readonly string[],
  options: { cwd?: string; env?: Record<string, string>; serverDirectory?: string } = {},
): Promise<WsafeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...serverNodeOptions, wsafeBin(options.serverDirectory), ...args],
      {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      output += chunk;
    });
    child.once("error", reject);
    child.once("close", (code, signal) =>
      resolve({ code: code ?? signal ?? "SIGKILL", stdout, stderr, output }),
    );
  });
}
