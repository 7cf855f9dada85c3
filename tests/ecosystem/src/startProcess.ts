import { spawn } from "node:child_process";

/** A long-running child process that said it was ready. */
export interface RunningProcess {
  /** The first match of the readiness pattern. */
  ready: RegExpExecArray;
  /** Everything it wrote on stdout and stderr so far. */
  output(): string;
  /** Stops it with SIGTERM (SIGKILL after 10 s) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts a command and resolves once its output matches `readyPattern`; rejects with
 * the output if it exits first or is not ready within `timeoutMs`.
 *
 * @param command - the executable
 * @param args - its arguments
 * @param readyPattern - what the process prints when it accepts connections
 * @param options - working directory, extra environment, how long to wait (default 120 s)
 */
export function startProcess(
  command: string,
  args: readonly string[],
  readyPattern: RegExp,
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunningProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  const output = () => Buffer.concat(chunks).toString("utf8");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timeoutMs = options.timeoutMs ?? 120_000;
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command} not ready in ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const look = (chunk: Buffer) => {
      chunks.push(chunk);
      const ready = readyPattern.exec(output());
      if (ready) {
        clearTimeout(timer);
        resolve({ ready, output, stop });
      }
    };
    child.stdout.on("data", look);
    child.stderr.on("data", look);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${command} exited before it was ready:\n${output()}`));
    });
  });
}
