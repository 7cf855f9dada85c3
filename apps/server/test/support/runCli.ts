import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The compiled command line (`pnpm build` makes it; turbo builds before testing). */
export const cliPath = fileURLToPath(new URL("../../bin/wsafe.js", import.meta.url));
const distCli = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
if (!existsSync(distCli))
  throw new Error("apps/server/dist/cli.js is missing: run `pnpm --filter @wsafe/server build` first");

/** What a finished command printed and how it ended. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `wsafe ARGS...` to its end. */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
