import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";

/** What a build knows about itself: written to `dist/build.json` by the build, read at run time. */
export interface BuildInfo {
  /** The version in `package.json`. */
  version: string;
  /**
   * Present when the build carries changes no release holds yet: changesets were pending
   * when it was built (a release's build comes after `changeset version` consumed them).
   */
  unreleased?: {
    /** How many changesets were pending. */
    changesets: number;
    /** The git commit it was built at, when git could tell. */
    commit?: string;
  };
}

/** The repository around `packageDir`: the nearest folder above it holding `.changeset/config.json`. */
function workspaceOf(packageDir: string): string | undefined {
  for (let dir = packageDir; ; dir = dirname(dir)) {
    if (existsSync(join(dir, ".changeset", "config.json"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function gitCommit(root: string): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8", stdio: "pipe" }).trim();
  } catch {
    return undefined;
  }
}

/**
 * Tells whether the server of `packageDir` is a release: a build made where changesets
 * are pending (`.changeset/*.md` of the workspace, which `changeset version` consumes when
 * it makes a release) carries changes no release has, whatever `package.json` says. A
 * package with no workspace around it is what a release installed.
 *
 * @param packageDir - the server package's folder
 * @param version - its `package.json` version
 * @param options - `git: false` to leave the commit out (no process started)
 * @example
 * deriveBuildInfo("/src/wsafe/apps/server", "1.2.0");
 * // { version: "1.2.0", unreleased: { changesets: 23, commit: "3859895..." } }
 */
export function deriveBuildInfo(
  packageDir: string,
  version: string,
  options: { git?: boolean } = {},
): BuildInfo {
  const root = workspaceOf(packageDir);
  if (!root) return { version };
  const changesets = readdirSync(join(root, ".changeset")).filter(
    (name) => name.endsWith(".md") && name !== "README.md",
  ).length;
  if (changesets === 0) return { version };
  const commit = options.git === false ? undefined : gitCommit(root);
  return { version, unreleased: { changesets, ...(commit ? { commit } : {}) } };
}
