#!/usr/bin/env node
// `npm run wsafe -- <command>` (or `pnpm wsafe <command>`): the server's command
// line from the repository, built first when its sources changed. The build's own
// output is shown only when it fails, so what `wsafe` prints (a new token, import
// counts) stays the whole of stdout.
import { spawn, spawnSync } from "node:child_process";
import { constants } from "node:os";
import { join } from "node:path";
import { root, toolEnv } from "./toolchain.mjs";

const build = spawnSync("turbo", ["run", "build", "--filter=@wsafe/server...", "--output-logs=errors-only"], {
  cwd: root,
  env: toolEnv(),
  encoding: "utf8",
});
if (build.status !== 0) {
  process.stderr.write(build.stdout ?? "");
  process.stderr.write(build.stderr ?? "");
  console.error(`wsafe: building the server failed (exit ${build.status ?? build.signal})`);
  process.exit(build.status || 1);
}
const cli = spawn(
  process.execPath,
  [join(root, "apps", "server", "bin", "wsafe.js"), ...process.argv.slice(2)],
  {
    env: toolEnv(),
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => cli.kill(signal));
cli.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
