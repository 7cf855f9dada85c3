import { readFileSync } from "node:fs";
import { join } from "node:path";

/** A third-party tool the ecosystem suite runs against the contract and a real server. */
export interface VerifiedTool {
  /** The npm package, or the Debian package for one that is not from npm. */
  name: string;
  /** The pinned version from the suite's package.json; `Debian` for a Debian package. */
  version: string;
  /** What the suite checks with it (Markdown). */
  checks: string;
}

interface EcosystemManifest {
  devDependencies: Record<string, string>;
  wsafeVerifiedTools: { npm: Record<string, string>; debian: Record<string, string> };
}

/**
 * The tools `tests/ecosystem` verifies the contract with, read from its package.json at
 * docs build time: each one's pinned version from `devDependencies` and what it
 * checks from `wsafeVerifiedTools`, so the downloads page never restates a version.
 *
 * @param repoRoot - the repository root
 * @throws when a described npm tool is not pinned in `devDependencies`
 */
export function readVerifiedTools(repoRoot: string): VerifiedTool[] {
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, "tests", "ecosystem", "package.json"), "utf8"),
  ) as EcosystemManifest;
  const npm = Object.entries(manifest.wsafeVerifiedTools.npm).map(([name, checks]) => {
    const version = manifest.devDependencies[name];
    if (!version) throw new Error(`tests/ecosystem/package.json describes ${name} but does not pin it`);
    return { name, version, checks };
  });
  const debian = Object.entries(manifest.wsafeVerifiedTools.debian).map(([name, checks]) => ({
    name,
    version: "Debian",
    checks,
  }));
  return [...npm, ...debian];
}
