import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The repository root, whatever the working directory of the test run. */
export const repositoryRoot = fileURLToPath(new URL("../../../", import.meta.url));
/** The server's command line, as operators run it (decisions §6). */
export const wsafeCli = `${repositoryRoot}apps/server/bin/wsafe.js`;
/** This suite's launcher: `startServer` with options the command line lacks. */
export const launcher = fileURLToPath(new URL("../bin/launch-server.mjs", import.meta.url));

/** A server running in a child process. */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote on stdout and stderr so far. */
  output(): string;
  /** Sends `signal` and resolves with the exit code (or signal name) once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
  /** Resolves when the process exits, with its code or signal name. */
  exited: Promise<number | string>;
}

/** How to run a server process. */
export interface SpawnOptions {
  /** Copy stdout and stderr to this file. */
  logFile?: string;
  /** How long to wait for the readiness line; default 90 s (PGlite starts slowly on a busy machine). */
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  /** Working directory; `wsafe serve` keeps its self-signed certificate under `./.wsafe`. */
  cwd?: string;
}

/**
 * Runs a node script with arguments and waits for the readiness line
 * `listening on https://HOST:PORT`. Output goes to `logFile` when given (a scan for
 * secrets reads it later) and is kept in memory.
 *
 * @param args - `[script, ...arguments]` for node
 * @param options - `logFile` to copy output to; `timeoutMs` to wait for readiness
 */
export async function spawnServer(args: string[], options: SpawnOptions = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? repositoryRoot,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  const log = options.logFile ? createWriteStream(options.logFile, { flags: "a" }) : undefined;
  const collect = (chunk: Buffer) => {
    chunks.push(chunk);
    log?.write(chunk);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const output = () => Buffer.concat(chunks).toString("utf8");
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => {
      log?.end();
      resolve(code ?? signal ?? "unknown");
    });
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server not ready in ${options.timeoutMs ?? 90_000} ms:\n${output()}`));
    }, options.timeoutMs ?? 90_000);
    const look = () => {
      const match = /listening on (https?:\/\/[^\s]+)/.exec(output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output()}`));
    });
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Starts this suite's launcher with `startServer` options. */
export function launchServer(
  serverOptions: object,
  options: { logFile?: string; env?: NodeJS.ProcessEnv } = {},
) {
  return spawnServer([launcher, JSON.stringify(serverOptions)], options);
}

/** Starts `wsafe serve` with command-line arguments. */
export function serveCli(args: string[], options: SpawnOptions = {}) {
  return spawnServer([wsafeCli, "serve", ...args], options);
}

/** Reads a log file written by {@link spawnServer}. */
export function readLog(path: string): string {
  return readFileSync(path, "utf8");
}
