import { spawn } from "node:child_process";
import { wsafeBin } from "@wsafe/test-support";

/**
 * Runs a `wsafe` command to its end: its exit code and everything it printed.
 *
 * @param args - e.g. `["serve", "--workers", "2"]`
 * @param cwd - its working directory
 */
export function runWsafe(
  args: readonly string[],
  cwd: string,
): Promise<{ code: number | string; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [wsafeBin(), ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.once("error", reject);
    child.once("close", (code, signal) =>
      resolve({ code: code ?? signal ?? "unknown", output: Buffer.concat(chunks).toString("utf8") }),
    );
  });
}
