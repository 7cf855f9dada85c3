import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { progress } from "./log.mjs";

const require = createRequire(import.meta.url);

/**
 * Installs `@wsafe/server` as a consumer gets it: `pnpm pack` of the server and of
 * `@wsafe/schema` (which turns `workspace:*` into versions, as publishing does), then
 * `npm install` of both tarballs in a scratch project outside the workspace. Its
 * dependencies come from the registry as published: nothing patched, nothing of the
 * workspace's `node_modules`.
 *
 * @returns {{ dir: string, remove(): void }} the installed server's directory (what
 *   `WSAFE_BENCH_SERVER_DIR` takes) and how to throw the project away
 */
export function installServerPackage() {
  const project = mkdtempSync(join(tmpdir(), "wsafe-bench-installed-"));
  try {
    const tarballs = ["@wsafe/schema", "@wsafe/server"].map((name) => {
      const packageDir = dirname(require.resolve(`${name}/package.json`));
      execFileSync("pnpm", ["pack", "--pack-destination", project], { cwd: packageDir, stdio: "ignore" });
      const prefix = name.replace("@", "").replace("/", "-");
      const file = readdirSync(project).find((entry) => entry.startsWith(prefix) && entry.endsWith(".tgz"));
      if (!file) throw new Error(`pnpm pack made no tarball for ${name}`);
      return join(project, file);
    });
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "wsafe-bench-consumer", private: true, type: "module" }),
    );
    progress(
      "pipeline: installing the packed @wsafe/server and @wsafe/schema with npm, outside the workspace",
    );
    execFileSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--omit=dev", "--loglevel=error", ...tarballs],
      {
        cwd: project,
        stdio: "ignore",
      },
    );
  } catch (error) {
    rmSync(project, { recursive: true, force: true });
    throw error;
  }
  return {
    dir: join(project, "node_modules", "@wsafe", "server"),
    remove: () => rmSync(project, { recursive: true, force: true }),
  };
}
