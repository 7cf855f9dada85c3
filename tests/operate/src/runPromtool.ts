import { spawn } from "node:child_process";

/**
 * Runs `promtool check metrics` on an exposition (on its stdin): the exit code and what
 * it printed (one line per problem; nothing when the exposition is clean).
 *
 * @param promtool - the `promtool` binary (Debian's prometheus package)
 * @param exposition - what `/metrics` answered
 */
export function checkMetrics(
  promtool: string,
  exposition: string,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(promtool, ["check", "metrics"], { stdio: ["pipe", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.once("error", reject);
    child.once("close", (code) =>
      resolve({ code: code ?? -1, output: Buffer.concat(chunks).toString("utf8") }),
    );
    child.stdin.end(exposition);
  });
}
