#!/usr/bin/env node
// Runs one command with the project's toolchain (scripts/toolchain.mjs) after the
// set-up: `node scripts/run.mjs turbo run build`. The root scripts in package.json
// go through it, so `npm run <script>` works where no pnpm or turbo is installed.
// Signals reach the command; its exit code is this script's.
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { ensureWorkspace, toolEnv } from "./toolchain.mjs";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/run.mjs <command> [args...]");
  process.exit(2);
}
ensureWorkspace();
const child = spawn(command, args, { env: toolEnv(), stdio: "inherit" });
// A terminal's Ctrl-C reaches the whole process group, the command included; a
// signal sent to this process alone is passed on. Either way we wait for the command.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.on("error", (error) => {
  console.error(`run: cannot start ${command}: ${error.message}`);
  process.exit(127);
});
child.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
