import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { shellEnvironment } from "@wsafe/pack-test";
import type { Registry } from "./startRegistry.js";

/** What a finished command printed. */
export interface CommandOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A project of another team, outside the workspace, that installs with npm only. */
export interface Consumer {
  dir: string;
  /** The environment its commands run with: a shell's, with the suite's npm cache. */
  env: NodeJS.ProcessEnv;
  /** Runs a command in it to its end; rejects with the output when it fails. */
  run(command: string, args: string[], extra?: NodeJS.ProcessEnv): Promise<CommandOutput>;
  /** The version of a package installed in its `node_modules`. */
  installedVersion(name: string): string;
}

/**
 * Makes an empty npm project in `dir` whose `.npmrc` sends the `@wsafe` scope to the
 * registry and everything else where npm is configured to go (the scoped setting is
 * all a team adds). Its commands share one npm cache with the other consumers, so a
 * package is downloaded once per run, and never reuse a previous run's `npx` installs.
 *
 * @param dir - a directory outside the workspace
 * @param registry - where `@wsafe/*` is published
 * @param npmCache - the cache every consumer of this run shares
 */
export function createConsumer(dir: string, registry: Registry, npmCache: string): Consumer {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "consumer", private: true, type: "module" })}\n`,
  );
  writeFileSync(join(dir, ".npmrc"), `@wsafe:registry=${registry.url}\n`);
  const env: NodeJS.ProcessEnv = {
    ...shellEnvironment(),
    npm_config_cache: npmCache,
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
  return {
    dir,
    env,
    run: (command, args, extra = {}) =>
      new Promise((resolve, reject) => {
        const child = spawn(command, args, {
          cwd: dir,
          env: { ...env, ...extra },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk) => (stdout += chunk));
        child.stderr.on("data", (chunk) => (stderr += chunk));
        child.once("error", reject);
        child.once("close", (code) => {
          const output = { code, stdout, stderr };
          if (code === 0) resolve(output);
          else
            reject(new Error(`${command} ${args.join(" ")} exited ${code} in ${dir}:\n${stdout}${stderr}`));
        });
      }),
    installedVersion: (name) =>
      JSON.parse(readFileSync(join(dir, "node_modules", ...name.split("/"), "package.json"), "utf8")).version,
  };
}
