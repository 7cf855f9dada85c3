import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve("autocannon/package.json")), "autocannon.js");

/**
 * Loads a URL with autocannon in a separate process (its CLI), so that the load
 * generator never shares an event loop with the server or the bench, and returns its
 * `--json` result. Connections and duration are always bounded. With `cpus`, the load
 * generator runs under `taskset -c cpus` (the steady method keeps it off the server's CPU).
 *
 * @param {{ url: string, body: string, connections: number, seconds: number, cpus?: string }} options
 * @returns {Promise<any>} autocannon's result: `requests`, `latency` (ms percentiles), `errors`, ...
 */
export function autocannon({ url, body, connections, seconds, cpus }) {
  if (!/^https?:\/\/127\.0\.0\.1:/.test(url))
    throw new Error(`refusing to load anything but 127.0.0.1: ${url}`);
  const args = [
    cli,
    "--json",
    "--connections",
    String(Math.min(connections, 64)),
    "--pipelining",
    "1",
    "--duration",
    String(Math.min(seconds, 60)),
    "--timeout",
    "10",
    "--method",
    "POST",
    "--headers",
    "content-type=application/json",
    "--body",
    body,
    url,
  ];
  return new Promise((resolve, reject) => {
    const [command, commandArgs] = cpus
      ? ["taskset", ["-c", cpus, process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(command, commandArgs, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = stdout.trim().split("\n").pop() ?? "";
      try {
        resolve(JSON.parse(line));
      } catch {
        reject(new Error(`autocannon failed (exit ${code}): ${stderr || stdout}`));
      }
    });
  });
}
