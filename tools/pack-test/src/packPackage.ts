import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** A packed tarball and what it holds. */
export interface PackedPackage {
  /** Absolute path of the `.tgz`. */
  tarball: string;
  /** Every path inside it, without the leading `package/`, as `tar` reads it. */
  files: string[];
}

/**
 * Every file path inside a package tarball, without the leading `package/`, as `tar`
 * reads it: what consumers get, not what the packer meant to include.
 *
 * @param tarball - path of the `.tgz`
 * @example
 * tarballFiles("/tmp/out/wsafe-client-1.0.0.tgz"); // ["package.json", "README.md", "dist/index.js", ...]
 */
export function tarballFiles(tarball: string): string[] {
  return execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line && !line.endsWith("/"))
    .map((line) => line.replace(/^package\//, ""));
}

/**
 * Packs one workspace package with `pnpm pack` (which turns `workspace:*` into real
 * versions, as publishing does) and lists the tarball with `tar`, so the list is what
 * consumers get, not what the packer meant to include.
 *
 * @param packageDir - absolute directory of the package
 * @param destination - where the tarball goes
 * @example
 * const { tarball, files } = packPackage(join(root, "packages/client"), "/tmp/out");
 */
export function packPackage(packageDir: string, destination: string): PackedPackage {
  // Under `pnpm run` (turbo, the root scripts) use that very pnpm: a fresh clone may have
  // it only under .tools/, not on the PATH.
  const execPath = process.env.npm_execpath;
  const [command, prefix] = execPath && /pnpm/.test(execPath) ? [process.execPath, [execPath]] : ["pnpm", []];
  const output = execFileSync(command, [...prefix, "pack", "--pack-destination", destination, "--json"], {
    cwd: packageDir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { filename } = JSON.parse(output.slice(output.indexOf("{"))) as { filename: string };
  const tarball = filename.startsWith("/") ? filename : join(destination, filename);
  return { tarball, files: tarballFiles(tarball) };
}
