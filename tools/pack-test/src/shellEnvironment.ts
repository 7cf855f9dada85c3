/**
 * This process's environment without what a package manager or turbo put there for
 * the suite that runs it (`npm_*`, `PNPM_*`, `TURBO_*`, `INIT_CWD`, `VITEST`, ...): the
 * environment of a person's shell, for running a documented command as they would.
 *
 * @param env - the environment to clean (default: this process's)
 * @example
 * spawnSync("npm", ["run", "pack", "--", "--out", dir], { cwd: root, env: shellEnvironment() });
 */
export function shellEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const clean: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env))
    if (!/^(npm_|PNPM_|pnpm_|TURBO_|INIT_CWD$|NODE_PATH$|VITEST|NODE_ENV$)/i.test(key)) clean[key] = value;
  return clean;
}
