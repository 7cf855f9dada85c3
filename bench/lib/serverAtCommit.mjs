import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/**
 * The commit that released 1.0.0 (`npm run release:v1`), found by its message: the
 * behaviour a baseline of "today's" server means until the next release.
 *
 * @param {string} root - the repository
 * @returns {string | undefined} its hash, when the history holds it
 */
export function releaseCommit(root) {
  const found = execFileSync("git", ["log", "--format=%H", "-1", "--grep=^release 1\\.0\\.0"], {
    cwd: root,
    encoding: "utf8",
  }).trim();
  return found || undefined;
}

/**
 * Builds `@wsafe/server` as it was at `commit`, for a figure's baseline: the commit's
 * sources of the server and of `@wsafe/schema` (the contract it was built against) from
 * git, compiled with the workspace's TypeScript, their dependencies linked to the
 * workspace's own (the same versions: a test of the caller's compares the two
 * `package.json`s). Nothing of the working tree is touched.
 *
 * @param {string} root - the repository
 * @param {string} commit - what to build
 * @returns {{ dir: string, entryUrl: string, bin: string, remove(): void }} the built server
 */
export function buildServerAt(root, commit) {
  const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-baseline-"));
  try {
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
    // The root's too: TypeScript finds `@types/node` there, as in the workspace.
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
    symlinkSync(schemaDir, join(modules, "@wsafe", "schema"), "dir");
    const tsc = require.resolve("typescript/bin/tsc");
    for (const project of [schemaDir, serverDir])
      execFileSync(process.execPath, [tsc, "-p", join(project, "tsconfig.build.json")], { stdio: "inherit" });
    return {
      dir: serverDir,
      entryUrl: pathToFileURL(join(serverDir, "dist", "index.js")).href,
      bin: join(serverDir, "bin", "wsafe.js"),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Whether the server at `commit` depends on the same packages as the workspace's, so that
 * linking the workspace's `node_modules` builds what the commit built.
 *
 * @param {string} root
 * @param {string} commit
 */
export function sameDependencies(root, commit) {
  return ["apps/server/package.json", "packages/schema/package.json"].every((file) => {
    const then = JSON.parse(
      execFileSync("git", ["show", `${commit}:${file}`], { cwd: root, encoding: "utf8" }),
    );
    const now = require(join(root, file));
    return JSON.stringify(then.dependencies) === JSON.stringify(now.dependencies);
  });
}
