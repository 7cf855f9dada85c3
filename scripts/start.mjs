#!/usr/bin/env node
// `npm start`: a check that the port is free, set-up, build of the server and the
// docs, then `wsafe serve --demo` on the embedded store. Prints how long it took from the command to the server's
// `listening on` line, so the first five minutes of a new user are measured, not guessed.
// Extra arguments go to `wsafe serve` (`npm start -- --port 9443`).
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
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

/** The value of `--name V` or `--name=V` among the arguments for `wsafe serve`, else the variable's. */
function serveOption(name, variable, fallback) {
  const args = process.argv.slice(2);
  for (const [index, arg] of args.entries()) {
    if (arg === `--${name}` && args[index + 1] !== undefined) return args[index + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return process.env[variable] || fallback;
}

/**
 * Fails at once when a port `wsafe serve` needs is taken, before the set-up and the
 * build: they took 81 s on a fresh clone before the server found out (the server checks
 * again, for a port taken meanwhile). A port that is no number is left to the server to refuse.
 */
async function ensurePortsFree() {
  const host = serveOption("host", "WSAFE_HOST", "127.0.0.1");
  const ports = [
    ["port", "WSAFE_PORT", "8443"],
    ["metrics-port", "WSAFE_METRICS_PORT", undefined],
  ];
  for (const [flag, variable, fallback] of ports) {
    const port = Number(serveOption(flag, variable, fallback));
    if (!Number.isInteger(port) || port <= 0 || port > 65535) continue;
    const probe = createServer();
    const taken = await new Promise((resolve) => {
      probe.once("error", (error) => resolve(error.code === "EADDRINUSE"));
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
    });
    if (taken) {
      console.error(
        `start: port ${port} on ${host} is in use (an earlier \`npm start\` still running?): stop what uses it, or choose another with \`npm start -- --${flag} ${port + 1}\``,
      );
      process.exit(1);
    }
  }
}

const startedAt = commandStartedAt();
await ensurePortsFree();
const seconds = (from, to = Date.now()) => `${((to - from) / 1000).toFixed(1)} s`;
// A reader that went away (`npm start | head`) must not crash the launcher.
process.stdout.on("error", () => {});
process.stderr.on("error", () => {});

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

// The server's lines for people, `listening on` among them, come on stderr; its JSON log on stdout.
const server = spawn(
  process.execPath,
  [join(root, "apps", "server", "bin", "wsafe.js"), "serve", "--demo", ...process.argv.slice(2)],
  { cwd: root, env: toolEnv(), stdio: ["inherit", "inherit", "pipe"] },
);
createInterface({ input: server.stderr }).on("line", (line) => {
  process.stderr.write(`${line}\n`);
  if (line.startsWith("listening on ")) {
    const ready = Date.now();
    process.stderr.write(
      `ready ${seconds(startedAt, ready)} after \`npm start\` ` +
        `(set-up ${seconds(startedAt, setupDone)}, build ${seconds(setupDone, buildDone)}, ` +
        `server start ${seconds(buildDone, ready)})\n`,
    );
  }
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
// A closed terminal stops the demo: the server itself reads SIGHUP as "reload the certificate".
process.on("SIGHUP", () => server.kill("SIGTERM"));
server.on("exit", (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
