import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shellEnvironment, takeFreshInstall } from "@wsafe/pack-test";
import type { Registry } from "./startRegistry.js";

/** A scratch copy of the workspace, set up, where the release commands may write. */
export interface ScratchWorkspace {
  dir: string;
  /** Removes it (tens of thousands of links: seconds on an idle disk, a minute on a busy one). */
  remove(): Promise<void>;
  /**
   * Runs a command there with a shell's environment, as a maintainer would type it;
   * resolves with its output and rejects with it when the command fails.
   */
  run(command: string, args: string[], env?: NodeJS.ProcessEnv): string;
  /** The version the published packages carry now (`packages/schema/package.json`). */
  version(): string;
  /** Whether `.changeset/` holds changesets not yet versioned. */
  pendingChangesets(): boolean;
  /** Writes a changeset, as `npm run changeset` would. */
  addChangeset(name: string, releases: Record<string, "major" | "minor" | "patch">, summary: string): void;
}

/**
 * A copy of the working tree (tracked and new files, as a clone of it would hold; never
 * the checkout's `node_modules` or builds) with the README's set-up run in it - this
 * run's fresh install, which the packaging suite checked, when it left one
 * (`takeFreshInstall`), else a new one - and its `@wsafe` scope pointed at the registry
 * with a publisher's token. Nothing the release commands then do can change the checkout.
 *
 * @param root - the checkout
 * @param registry - the loopback registry to publish to
 */
export function createScratchWorkspace(root: string, registry: Registry): ScratchWorkspace {
  const install = takeFreshInstall(root);
  if (install.setup.status !== 0)
    throw new Error(
      `node scripts/setup.mjs exited ${install.setup.status}:\n${install.setup.stdout}${install.setup.stderr}`,
    );
  const dir = install.dir;
  const env = shellEnvironment();
  const run = (command: string, args: string[], extra: NodeJS.ProcessEnv = {}) => {
    const result = spawnSync(command, args, {
      cwd: dir,
      env: { ...env, ...extra },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: 600_000,
    });
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
    if (result.status !== 0)
      throw new Error(`${command} ${args.join(" ")} exited ${result.status ?? result.signal}:\n${output}`);
    return output;
  };
  // pnpm publish (under changeset publish) and npm read the scope's registry and its token from here.
  writeFileSync(
    join(dir, ".npmrc"),
    `@wsafe:registry=${registry.url}\n//${registry.host}/:_authToken=${registry.token}\n`,
  );
  const schemaManifest = join(dir, "packages", "schema", "package.json");
  return {
    dir,
    remove: install.remove,
    run,
    version: () => JSON.parse(readFileSync(schemaManifest, "utf8")).version as string,
    pendingChangesets: () =>
      readdirSync(join(dir, ".changeset")).some((file) => file.endsWith(".md") && file !== "README.md"),
    addChangeset: (name, releases, summary) => {
      const front = Object.entries(releases).map(([pkg, bump]) => `"${pkg}": ${bump}`);
      writeFileSync(join(dir, ".changeset", `${name}.md`), `---\n${front.join("\n")}\n---\n\n${summary}\n`);
    },
  };
}
