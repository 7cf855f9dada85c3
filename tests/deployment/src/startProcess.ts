import { type ChildProcess, spawn } from "node:child_process";

/** A process this suite started, stopped only through its own PID. */
export interface StartedProcess {
  /** A short name for messages, e.g. `haproxy` or `wsafe2`. */
  name: string;
  child: ChildProcess;
  /** Everything it wrote on stdout and stderr so far. */
  output(): string;
  /** Resolves with its exit code (or signal name) once it has exited and its output is read. */
  exited: Promise<number | string>;
  /** Whether it is still running. */
  running(): boolean;
  /**
   * Sends `signal` to its PID (default SIGTERM) unless it has exited, then SIGKILL if
   * it is still there after `graceMs` (default 20 s); resolves with how it ended.
   */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | string>;
}

/** How to start one process. */
export interface StartOptions {
  name: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** What it prints once it serves; without one, it counts as started at once. */
  readyPattern?: RegExp;
  /** How long to wait for `readyPattern`; default 60 s. */
  timeoutMs?: number;
}

/**
 * Starts a program and, given a pattern, waits until its output matches it; rejects
 * with its output when it exits first or is not ready in time (after killing it).
 *
 * @param command - the executable, e.g. `/usr/sbin/haproxy` or `process.execPath`
 * @param args - its arguments
 * @param options - name, environment, working directory, readiness pattern
 */
export async function startProcess(
  command: string,
  args: string[],
  options: StartOptions,
): Promise<StartedProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  const output = () => Buffer.concat(chunks).toString("utf8");
  child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => chunks.push(chunk));
  // "close", not "exit": its output is then read to the end.
  const exited = new Promise<number | string>((resolve) => {
    child.once("close", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  child.once("error", (error) => chunks.push(Buffer.from(`\n${error.message}\n`)));
  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;
  const started: StartedProcess = {
    name: options.name,
    child,
    output,
    exited,
    running,
    async stop(signal = "SIGTERM", graceMs = 20_000) {
      if (running()) child.kill(signal);
      const killer = setTimeout(() => {
        if (running()) child.kill("SIGKILL");
      }, graceMs);
      const result = await exited;
      clearTimeout(killer);
      return result;
    },
  };
  const pattern = options.readyPattern;
  if (!pattern) return started;
  const timeoutMs = options.timeoutMs ?? 60_000;
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout!.off("data", look);
      child.stderr!.off("data", look);
      if (error) reject(error);
      else resolve();
    };
    const look = () => {
      if (pattern.test(output())) settle();
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      settle(new Error(`${options.name} not ready in ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    void exited.then((code) =>
      settle(new Error(`${options.name} exited (${code}) before it was ready:\n${output()}`)),
    );
  });
  return started;
}
