import { execFileSync } from "node:child_process";
import { shellEnvironment } from "./shellEnvironment.js";

/**
 * Runs a printed `npm install …` line in `cwd` as a shell would, with npm alone; `extra`
 * (more packages, flags) goes after it. The local npm cache answers first; everything
 * else comes from the tarballs the line names, nothing from the workspace.
 *
 * @param line - the line, as `npm run pack` printed it
 * @param cwd - the consumer's project
 * @param extra - appended to the line, e.g. `typescript@~6.0.2`
 * @example
 * npmInstall(run.installLine("@wsafe/client"), projectDir);
 */
export function npmInstall(line: string, cwd: string, extra = ""): void {
  execFileSync("sh", ["-c", `${line} ${extra} --no-audit --no-fund --prefer-offline --loglevel=error`], {
    cwd,
    env: shellEnvironment(),
    stdio: ["ignore", "ignore", "pipe"],
    timeout: 240_000,
  });
}
