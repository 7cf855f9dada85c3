import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { buildOnce } from "../cache/buildOnce.js";
import { testCacheDirectory } from "../cache/testCacheDirectory.js";
import { workspaceRoot } from "../workspace/serverDirectory.js";

const require = createRequire(import.meta.url);

/** A server built from a past commit: its folder, to start as any other (`serveCli(args, { serverDirectory })`). */
export interface ServerAtCommit {
  /** The commit it was built from. */
  commit: string;
  /** Its `apps/server`, holding `bin/wsafe.js` and `dist/`. */
  dir: string;
  /** `dist/index.js` as a URL, to `import()` its API. */
  entryUrl: string;
  /** `bin/wsafe.js`. */
  bin: string;
}

/**
 * The commit that released `version` (`release 1.2.0: ...`, as `npm run release:v1` and
 * the maintainers' release commits are worded), found by its message.
 *
 * @param root - the repository
 * @param version - the release, e.g. `1.0.0`
 * @returns its hash, when the history holds it (a shallow clone may not)
 */
export function releaseCommit(root: string, version: string): string | undefined {
  const found = execFileSync(
    "git",
    ["log", "--format=%H", "-1", `--grep=^release ${version.replaceAll(".", "\\.")}\\b`],
    { cwd: root, encoding: "utf8" },
  ).trim();
  return found || undefined;
}

/**
 * Whether the server at `commit` depends on the same packages as the workspace's, so that
 * linking the workspace's `node_modules` builds and runs what the commit built.
 *
 * @param root - the repository
 * @param commit - the past commit
 */
export function sameDependencies(root: string, commit: string): boolean {
  return ["apps/server/package.json", "packages/schema/package.json"].every((file) => {
    const then = JSON.parse(
      execFileSync("git", ["show", `${commit}:${file}`], { cwd: root, encoding: "utf8" }),
    );
    const now = JSON.parse(readFileSync(join(root, file), "utf8"));
    return JSON.stringify(then.dependencies) === JSON.stringify(now.dependencies);
  });
}

const located = (dir: string, commit: string): ServerAtCommit => {
  const serverDir = join(dir, "apps", "server");
  return {
    commit,
    dir: serverDir,
    entryUrl: pathToFileURL(join(serverDir, "dist", "index.js")).href,
    bin: join(serverDir, "bin", "wsafe.js"),
  };
};

/**
 * Builds `@wsafe/server` as it was at `commit` into `dir`: the commit's sources of the
 * server and of `@wsafe/schema` (the contract it was built against) from git, compiled
 * with the workspace's TypeScript, their dependencies linked to the workspace's own (the
 * same versions: check {@link sameDependencies} first). Nothing of the working tree is
 * touched. The link to the workspace's root `node_modules`, which only TypeScript needs
 * (`@types/node`), is removed once built: a build kept under `node_modules/.cache` must
 * not hold a link to a folder above it.
 *
 * @param root - the repository
 * @param commit - what to build
 * @param dir - an empty folder to build in
 */
export function buildServerInto(root: string, commit: string, dir: string): ServerAtCommit {
  const archive = execFileSync(
    "git",
    ["archive", commit, "tsconfig.base.json", "packages/schema", "apps/server"],
    {
      cwd: root,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  execFileSync("tar", ["-x", "-C", dir], { input: archive });
  const schemaDir = join(dir, "packages", "schema");
  const serverDir = join(dir, "apps", "server");
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  symlinkSync(join(root, "packages", "schema", "node_modules"), join(schemaDir, "node_modules"), "dir");
  // The server's dependencies are the workspace's, except the contract: the commit's own.
  const modules = join(serverDir, "node_modules");
  const workspaceModules = join(root, "apps", "server", "node_modules");
  mkdirSync(join(modules, "@wsafe"), { recursive: true });
  for (const entry of readdirSync(workspaceModules)) {
    if (entry === "@wsafe") continue;
    symlinkSync(join(workspaceModules, entry), join(modules, entry));
  }
  // Relative: a build made in one folder is renamed into the cache once whole.
  symlinkSync(relative(join(modules, "@wsafe"), schemaDir), join(modules, "@wsafe", "schema"), "dir");
  const tsc = require.resolve("typescript/bin/tsc");
  for (const project of [schemaDir, serverDir]) {
    const built = spawnSync(process.execPath, [tsc, "-p", join(project, "tsconfig.build.json")], {
      encoding: "utf8",
    });
    if (built.status !== 0)
      throw new Error(`tsc could not build ${project} of ${commit}: ${built.stdout}${built.stderr}`);
  }
  rmSync(join(dir, "node_modules"));
  return located(dir, commit);
}

/**
 * {@link buildServerInto} a temporary folder, for one measurement: `remove()` deletes it.
 *
 * @param root - the repository
 * @param commit - what to build
 */
export function buildServerAt(root: string, commit: string): ServerAtCommit & { remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "wsafe-server-at-"));
  try {
    return {
      ...buildServerInto(root, commit, dir),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The server of the release `version`, built from git once for every run on this machine
 * (about 25 s of CPU; copied under {@link testCacheDirectory}, keyed by the commit), or why
 * it cannot be had: the history lacks the release commit, or its dependencies are not the
 * workspace's.
 *
 * @param version - the release, e.g. `1.2.0`
 * @param root - the repository; default the workspace's
 * @example
 * const released = await serverAtRelease("1.2.0");
 * if ("skipped" in released) console.warn(released.skipped);
 * else await serveCli(["--port", "0"], { serverDirectory: released.dir });
 */
export async function serverAtRelease(
  version: string,
  root = workspaceRoot,
): Promise<ServerAtCommit | { skipped: string }> {
  const commit = releaseCommit(root, version);
  if (!commit) return { skipped: `the history holds no commit of release ${version}` };
  if (!sameDependencies(root, commit))
    return {
      skipped: `release ${version} (${commit.slice(0, 7)}) depends on other packages than the workspace`,
    };
  const target = testCacheDirectory("servers", commit);
  if (!existsSync(join(target, "apps", "server", "dist", "index.js")))
    await buildOnce(target, async (content) => {
      // Built outside the cache: TypeScript emits nothing for a file under `node_modules`.
      const built = buildServerAt(root, commit);
      try {
        cpSync(join(built.dir, "..", ".."), content, { recursive: true, verbatimSymlinks: true });
      } finally {
        built.remove();
      }
    });
  return located(target, commit);
}
