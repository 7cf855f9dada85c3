import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/** A server running in a child process, see {@link startServerProcess}. */
export interface ServerProcess {
  /** Its base URL, from the readiness line, e.g. `https://127.0.0.1:40127`. */
  url: string;
  port: number;
  /** The first match of the readiness pattern. */
  ready: RegExpExecArray;
  child: ChildProcess;
  /** Everything the process wrote on stdout and stderr so far. */
  output(): string;
  /**
   * Sends `signal` (default SIGTERM) unless it has exited, SIGKILL if it has not
   * exited 15 s later, and resolves with its exit code or signal name.
   */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
  /** Resolves when the process exits, with its code or signal name. */
  exited: Promise<number | string>;
}

/** How to run a server process. */
export interface ServerProcessOptions {
  /** Working directory; `wsafe serve` keeps its self-signed certificate under `./.wsafe`. */
  cwd?: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Copy stdout and stderr to this file too (a scan for secrets reads it later). */
  logFile?: string;
  /** How long to wait for readiness; default 120 s (the embedded store starts slowly on a busy machine). */
  timeoutMs?: number;
  /** What the process prints once it accepts connections; group 1 is its URL. Default: `listening on <url>`. */
  readyPattern?: RegExp;
  /** Open an IPC channel too (`child.send`), for children that take commands. */
  ipc?: boolean;
  /** Node's own flags for the child, e.g. `["--cpu-prof"]`. */
  execArgv?: string[];
  /** The executable, for a server that is not a Node script (a tool's `.bin` shim); default this Node. */
  command?: string;
}

/** The readiness line of `wsafe serve` and of `startServer`'s callers, see the server's README. */
export const listeningLine = /listening on (https?:\/\/\S+)/;

/**
 * Runs a Node script as a server in a child process and resolves once it prints its
 * readiness line; rejects with everything it printed when it exits first or is not
 * ready in time (killing it then). The one way every suite and the bench start a
 * server process: `serveCli` and `launchServer` are this with a script.
 *
 * @param args - `[script, ...arguments]` for node (or the arguments of `options.command`)
 * @param options - working directory, environment, log file, timeout, readiness pattern
 * @example
 * import { startServerProcess } from "@wsafe/test-support";
 * const server = await startServerProcess([wsafeBin, "serve", "--demo", "--port", "0"]);
 * await fetch(`${server.url}/healthz`);
 * await server.stop();
 */
export function startServerProcess(
  args: string[],
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const command = options.command ?? process.execPath;
  const child = spawn(command, options.command ? args : [...(options.execArgv ?? []), ...args], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    // stdin a pipe this process never writes to: it ends when this process dies, which
    // tells the launcher's child not to linger (see bin/launch-server.mjs).
    stdio: ["pipe", "pipe", "pipe", ...(options.ipc ? (["ipc"] as const) : [])],
  });
  const chunks: Buffer[] = [];
  const log = options.logFile ? createWriteStream(options.logFile, { flags: "a" }) : undefined;
  const output = () => Buffer.concat(chunks).toString("utf8");
  const exited = new Promise<number | string>((resolve) => {
    // "close", not "exit": by then stdout and stderr are read to their end, so
    // `output()` holds everything once `exited` resolves.
    child.once("close", (code, signal) => {
      log?.end();
      resolve(code ?? signal ?? "unknown");
    });
  });
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const result = await exited;
    clearTimeout(killer);
    return result;
  };
  const pattern = options.readyPattern ?? listeningLine;
  const timeoutMs = options.timeoutMs ?? 120_000;
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      child.kill("SIGKILL");
      reject(new Error(`${command} ${args[0] ?? ""} not ready in ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const collect = (chunk: Buffer) => {
      chunks.push(chunk);
      log?.write(chunk);
      if (settled) return;
      const ready = pattern.exec(output());
      if (!ready) return;
      settled = true;
      clearTimeout(timer);
      const url = ready[1] ?? "";
      resolve({ url, port: url ? Number(new URL(url).port) : 0, ready, child, output, stop, exited });
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    void exited.then((code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`${command} ${args[0] ?? ""} exited (${code}) before it was ready:\n${output()}`));
    });
  });
}
