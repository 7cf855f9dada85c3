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
 * Packs one workspace package with `pnpm pack` (which turns `workspace:*` into real
 * versions, as publishing does) and lists the tarball with `tar`, so the list is what
 * consumers get, not what the packer meant to include.
 *
 * @param packageDir - absolute directory of the package
 * @param destination - where the tarball goes
 */
export function packPackage(packageDir: string, destination: string): PackedPackage {
  const output = execFileSync("pnpm", ["pack", "--pack-destination", destination, "--json"], {
    cwd: packageDir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const { filename } = JSON.parse(output.slice(output.indexOf("{"))) as { filename: string };
  const tarball = filename.startsWith("/") ? filename : join(destination, filename);
  const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line && !line.endsWith("/"))
    .map((line) => line.replace(/^package\//, ""));
  return { tarball, files };
}
