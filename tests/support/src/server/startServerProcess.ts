import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { basename } from "node:path";

/** A server running in a child process, see {@link startServerProcess}. */
export interface ServerProcess {
  /** A short name for messages: `options.name`, else the script's or command's file name. */
  name: string;
  /** Its base URL, from the readiness line, e.g. `https://127.0.0.1:40127`; `""` when the pattern has no group 1 or there is none. */
  url: string;
  /** The port of `url`; 0 without one. */
  port: number;
  /** The match of the readiness pattern; `undefined` when started with `readyPattern: null`. */
  ready: RegExpExecArray | undefined;
  child: ChildProcess;
  /** Everything the process wrote on stdout and stderr so far. */
  output(): string;
  /** Whether it is still running. */
  running(): boolean;
  /**
   * Sends `signal` (default SIGTERM) to its PID unless it has exited, SIGKILL if it has
   * not exited `graceMs` (default 15 000) later, and resolves with its exit code or
   * signal name.
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | string>;
  /** Resolves once the process has exited and its output is read, with its code or signal name. */
  exited: Promise<number | string>;
}

/** How to run a server process. */
export interface ServerProcessOptions {
  /** A short name for messages, e.g. `wsafe2` or `haproxy`. */
  name?: string;
  /** Working directory; `wsafe serve` keeps its self-signed certificate under `./.wsafe`. */
  cwd?: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Copy stdout and stderr to this file too (a scan for secrets reads it later). */
  logFile?: string;
  /** How long to wait for readiness; default 120 s (the embedded store starts slowly on a busy machine). */
  timeoutMs?: number;
  /**
   * What the process prints once it accepts connections; group 1, when there is one,
   * is its URL. Default: `listening on <url>`. `null`: it counts as started at once
   * (a program whose readiness the caller checks another way).
   */
  readyPattern?: RegExp | null;
  /** Open an IPC channel too (`child.send`), for children that take commands. */
  ipc?: boolean;
  /** Node's own flags for the child, e.g. `["--cpu-prof"]`. */
  execArgv?: string[];
  /** The executable, for a server that is not a Node script (HAProxy, a tool's `.bin` shim); default this Node. */
  command?: string;
  /**
   * Start it as the leader of a process group of its own, and signal the whole group:
   * for wrappers that do not pass signals on to the server they run (`npx`, `npm exec`
   * leave it running when they get SIGTERM). Only that group is signalled, by its id.
   */
  group?: boolean;
}

/** The readiness line of `wsafe serve` and of `startServer`'s callers, see the server's README. */
export const listeningLine = /listening on (https?:\/\/\S+)/;

/**
 * Runs a server in a child process - a Node script, or any program given as
 * `options.command` - and resolves once it prints its readiness line; rejects with
 * everything it printed when it exits first or is not ready in time (killing it then).
 * The one way every suite and the bench start a server process: `serveCli` and
 * `launchServer` are this with a script. It is only ever stopped through its own PID.
 *
 * @param args - `[script, ...arguments]` for node (or the arguments of `options.command`)
 * @param options - name, working directory, environment, log file, timeout, readiness pattern
 * @example
 * import { startServerProcess, wsafeBin } from "@wsafe/test-support";
 * const server = await startServerProcess([wsafeBin(), "serve", "--demo", "--port", "0"]);
 * await fetch(`${server.url}/healthz`);
 * await server.stop();
 */
export async function startServerProcess(
  args: string[],
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const command = options.command ?? process.execPath;
  const name = options.name ?? basename(options.command ?? args[0] ?? command);
  const child = spawn(command, options.command ? args : [...(options.execArgv ?? []), ...args], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    // stdin a pipe this process never writes to: it ends when this process dies, which
    // tells the launcher's child not to linger (see bin/launch-server.mjs).
    stdio: ["pipe", "pipe", "pipe", ...(options.ipc ? (["ipc"] as const) : [])],
    detached: options.group ?? false,
  });
  const chunks: Buffer[] = [];
  const log = options.logFile ? createWriteStream(options.logFile, { flags: "a" }) : undefined;
  const output = () => Buffer.concat(chunks).toString("utf8");
  const collect = (chunk: Buffer) => {
    chunks.push(chunk);
    log?.write(chunk);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  // A program that cannot be started (no such file) says so in the output, not as a crash.
  child.once("error", (error) => collect(Buffer.from(`\n${error.message}\n`)));
  const exited = new Promise<number | string>((resolve) => {
    // Resolved at "close", once stdout and stderr are read to their end, so `output()`
    // holds everything - but at most 2 s after "exit": children of the process (cluster
    // workers, a shell's command) may hold the pipes open after it is gone.
    let grace: NodeJS.Timeout | undefined;
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(grace);
      log?.end();
      resolve(code ?? signal ?? "unknown");
    };
    child.once("exit", (code, signal) => {
      grace = setTimeout(() => done(code, signal), 2000);
    });
    child.once("close", done);
  });
  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;
  /** Signals the process, or its whole group: the group may outlive its leader. */
  const signalIt = (signal: NodeJS.Signals) => {
    if (!options.group || child.pid === undefined) {
      if (running()) child.kill(signal);
      return;
    }
    try {
      process.kill(-child.pid, signal);
    } catch {
      // ESRCH: no process of the group is left.
    }
  };
  const stop = async (signal: NodeJS.Signals = "SIGTERM", graceMs = 15_000) => {
    signalIt(signal);
    const killer = setTimeout(() => signalIt("SIGKILL"), graceMs);
    const result = await exited;
    clearTimeout(killer);
    return result;
  };
  const started = (ready: RegExpExecArray | undefined): ServerProcess => {
    const url = ready?.[1] ?? "";
    return {
      name,
      url,
      port: url ? Number(new URL(url).port) : 0,
      ready,
      child,
      output,
      running,
      stop,
      exited,
    };
  };
  const pattern = options.readyPattern === undefined ? listeningLine : options.readyPattern;
  if (pattern === null) return started(undefined);
  const timeoutMs = options.timeoutMs ?? 120_000;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (result: ServerProcess | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout!.off("data", look);
      child.stderr!.off("data", look);
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const look = () => {
      const ready = pattern.exec(output());
      if (ready) settle(started(ready));
    };
    const timer = setTimeout(() => {
      signalIt("SIGKILL");
      settle(new Error(`${name} not ready in ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    void exited.then((code) =>
      settle(new Error(`${name} exited (${code}) before it was ready:\n${output()}`)),
    );
  });
}
