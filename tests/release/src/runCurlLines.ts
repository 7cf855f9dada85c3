import { spawn } from "node:child_process";

/**
 * The `curl` lines a `wsafe serve --demo` printed, in order, as a person would copy them.
 *
 * @param output - everything the server printed
 * @example
 * curlLinesOf(server.output()); // ["curl -k 'https://127.0.0.1:40123/v1/users.info?%7B...'", "curl -k -X POST ..."]
 */
export function curlLinesOf(output: string): string[] {
  return [...output.matchAll(/^\s*(curl .+)$/gm)].map((match) => match[1]!.trim());
}

/**
 * Runs one printed `curl` line in a shell, exactly as printed plus `-sS` (no progress
 * meter, errors still shown), and resolves with the JSON it answered.
 *
 * @param line - a line from {@link curlLinesOf}
 */
export function runCurlLine(line: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", `${line} -sS`], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => {
      if (code !== 0) reject(new Error(`${line} exited ${code}: ${stderr}`));
      else {
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`${line} answered no JSON: ${stdout}${stderr}`));
        }
      }
    });
  });
}
