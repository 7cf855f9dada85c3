import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { TestsslFinding } from "./testsslFindings.js";

/**
 * The checks of the scan: protocols, cipher categories, forward secrecy, the server's
 * cipher order, its defaults (certificate, session tickets), HTTP headers (HSTS) and
 * every vulnerability check. Left out: the per-cipher listing (`-e`, 370 handshakes)
 * and client simulations (`-c`); they only list what the checks above already rate,
 * and took three of the default run's five minutes here. No DNS lookups: the target
 * is 127.0.0.1 and the machine may have no resolver.
 */
export const testsslArgs = [
  "--quiet",
  "--color",
  "0",
  "--warnings",
  "off",
  "--nodns",
  "none",
  "--connect-timeout",
  "10",
  "--openssl-timeout",
  "10",
  "-p",
  "-s",
  "-f",
  "-P",
  "-S",
  "-h",
  "-U",
];

/**
 * Runs testssl.sh against `url` and returns its flat JSON findings and its text output.
 *
 * @param testssl - the `testssl` binary (Debian's testssl.sh package)
 * @param url - e.g. `https://127.0.0.1:40123`
 * @param directory - a scratch directory for the JSON file
 */
export async function runTestssl(
  testssl: string,
  url: string,
  directory: string,
): Promise<{ findings: TestsslFinding[]; output: string }> {
  const jsonFile = join(directory, "testssl.json");
  const child = spawn(testssl, [...testsslArgs, "--jsonfile", jsonFile, url], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
  // testssl.sh's exit status counts findings in some versions: the JSON is the verdict.
  await new Promise((resolve) => child.once("close", resolve));
  const output = Buffer.concat(chunks).toString("utf8");
  let text: string;
  try {
    text = await readFile(jsonFile, "utf8");
  } catch {
    throw new Error(`testssl.sh wrote no JSON file:\n${output}`);
  }
  return { findings: JSON.parse(text) as TestsslFinding[], output };
}
