#!/usr/bin/env node
// `npm start`: set-up, build of the server and the docs, then `wsafe serve --demo`
// on the embedded store. Prints how long it took from the command to the server's
// `listening on` line, so the first five minutes of a new user are measured, not guessed.
// Extra arguments go to `wsafe serve` (`npm start -- --port 9443`).
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ensureWorkspace, root, toolEnv } from "./toolchain.mjs";

/**
 * When the command that led here started: the oldest of the package manager and
 * `sh -c` processes above this one (npm itself takes a few hundred milliseconds
 * to start), else this process. Linux only; elsewhere this process's start.
 */
function commandStartedAt() {
  const ownStart = Date.now() - process.uptime() * 1000;
  try {
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))[1]);
    const ticksPerSecond = 100; // USER_HZ: 100 on every Linux ABI Node supports.
    let started = ownStart;
    let pid = process.ppid;
    for (let depth = 0; depth < 4 && pid > 1; depth++) {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const isLauncher =
        (/(^|\/)(sh|dash|bash)$/.test(cmdline[0]) && cmdline[1] === "-c") ||
        cmdline.some((part) => /(^|\/)(npm|npm-cli\.js|pnpm|pnpm\.cjs)$/.test(part));
      if (!isLauncher) break;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      started = Math.min(started, (bootSeconds + Number(fields[19]) / ticksPerSecond) * 1000);
      pid = Number(fields[1]);
    }
    return started;
  } catch {
    return ownStart;
  }
}

const startedAt = commandStartedAt();
const seconds = (from, to = Date.now()) => `${((to - from) / 1000).toFixed(1)} s`;
// A reader that went away (`npm start | head`) must not crash the launcher.
process.stdout.on("error", () => {});

ensureWorkspace();
const setupDone = Date.now();
const build = spawnSync(
  "turbo",
  ["run", "build", "--filter=@wsafe/server...", "--filter=@wsafe/docs...", "--output-logs=errors-only"],
  { cwd: root, env: toolEnv(), stdio: "inherit" },
);
if (build.status !== 0) {
  console.error(`start: the build failed (exit ${build.status ?? build.signal})`);
  process.exit(build.status || 1);
}
const buildDone = Date.now();

const server = spawn(
  process.execPath,
  [join(root, "apps", "server", "bin", "wsafe.js"), "serve", "--demo", ...process.argv.slice(2)],
  { cwd: root, env: toolEnv(), stdio: ["inherit", "pipe", "inherit"] },
);
createInterface({ input: server.stdout }).on("line", (line) => {
  process.stdout.write(`${line}\n`);
  if (line.includes("listening on ")) {
    const ready = Date.now();
    process.stdout.write(
      `ready ${seconds(startedAt, ready)} after \`npm start\` ` +
        `(set-up ${seconds(startedAt, setupDone)}, build ${seconds(setupDone, buildDone)}, ` +
        `server start ${seconds(buildDone, ready)})\n`,
    );
  }
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
