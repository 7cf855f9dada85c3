import { spawnSync } from "node:child_process";
import { shellEnvironment } from "./shellEnvironment.js";

/** What one run of `npm run pack -- --out <dir>` printed, read as a person reads it. */
export interface PackCommandRun {
  /** Everything it printed on stdout. */
  output: string;
  /** Each tarball it says it wrote, by package name. */
  tarballs: Map<string, string>;
  /** The `npm install …` line it printed after `label:` (a package name, or `every package`). */
  installLine(label: string): string;
}

/**
 * Runs `npm run pack -- --out <out>` from the workspace root exactly as the docs give it,
 * in the environment of a person's shell (none of the variables a test runner's pnpm and
 * turbo set); throws with everything it printed when it fails.
 *
 * @param root - the workspace root
 * @param out - the `--out` directory
 * @example
 * const run = runPackCommand(root, "/tmp/wsafe-tarballs");
 * run.installLine("@wsafe/client"); // "npm install /tmp/wsafe-tarballs/wsafe-schema-1.0.0.tgz …"
 */
export function runPackCommand(root: string, out: string): PackCommandRun {
  const pack = spawnSync("npm", ["run", "pack", "--", "--out", out], {
    cwd: root,
    env: shellEnvironment(),
    encoding: "utf8",
    timeout: 600_000,
  });
  if (pack.status !== 0)
    throw new Error(`npm run pack exited ${pack.status ?? pack.signal}:\n${pack.stdout}\n${pack.stderr}`);
  return readPackCommandOutput(pack.stdout);
}

/**
 * Reads what `npm run pack` printed (see {@link runPackCommand}), as a person reads it:
 * for a run made once and shared, whose output was kept.
 *
 * @param output - everything the command printed on stdout
 */
export function readPackCommandOutput(output: string): PackCommandRun {
  const tarballs = new Map<string, string>();
  for (const [, tarball, name] of output.matchAll(/^\s+(\/\S+\.tgz)\s+\((@wsafe\/[\w-]+)\)$/gm))
    tarballs.set(name!, tarball!);
  return {
    output,
    tarballs,
    installLine(label) {
      const line = new RegExp(`^\\s+${label}:\\s+(npm install .+)$`, "m").exec(output)?.[1];
      if (!line) throw new Error(`npm run pack printed no "${label}:" install line:\n${output}`);
      return line;
    },
  };
}
