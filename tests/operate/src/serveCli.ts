import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The `wsafe` command of the workspace's `@wsafe/server`, as operators run it. */
export const wsafeBin = join(
  dirname(createRequire(import.meta.url).resolve("@wsafe/server/package.json")),
  "bin",
  "wsafe.js",
);

/** A `wsafe serve` process that printed its readiness line. */
export interface ServeProcess {
  /** From the readiness line, e.g. `https://127.0.0.1:40123`. */
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote on stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** How to run `wsafe serve`. */
export interface ServeOptions {
  /** Working directory: `wsafe serve` keeps its self-signed certificate under `./.wsafe`. */
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for `listening on`; default 90 s (a busy 2-core machine). */
  timeoutMs?: number;
}

/**
 * Starts `wsafe serve` with `args` and waits for the line `listening on URL`.
 *
 * @param args - the options of `serve`, e.g. `["--port", "0", "--database", "memory://"]`
 */
export async function serveCli(args: readonly string[], options: ServeOptions): Promise<ServeProcess> {
  const child = spawn(process.execPath, [wsafeBin, "serve", ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: Buffer[] = [];
  const output = () => Buffer.concat(chunks).toString("utf8");
  child.stdout!.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const timeoutMs = options.timeoutMs ?? 90_000;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`wsafe serve not ready in ${timeoutMs} ms:\n${output()}`));
    }, timeoutMs);
    const look = () => {
      const match = /listening on (https?:\/\/\S+)/.exec(output());
      if (!match) return;
      clearTimeout(timer);
      resolve(match[1]!);
    };
    child.stdout!.on("data", look);
    child.stderr!.on("data", look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`wsafe serve exited (${code}) before it was ready:\n${output()}`));
    });
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    output,
    exited,
    stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
