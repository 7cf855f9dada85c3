import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { repositoryRoot } from "./paths.js";
import { type RunningProcess, startProcess } from "./startProcess.js";

/** A `wsafe serve --demo` the suite started. */
export interface DemoServer {
  /** Its base URL, e.g. `http://127.0.0.1:40027`. */
  url: string;
  process: RunningProcess;
  /** Stops it and removes its store. */
  stop(): Promise<void>;
}

/**
 * Starts the real server as an operator does, through its command line: `wsafe serve
 * --demo` on a fresh embedded store, plain HTTP on a free port of 127.0.0.1 (the tools
 * under test then need no certificate), and a rate limit no run of the suite reaches.
 */
export async function startDemoServer(): Promise<DemoServer> {
  const dir = mkdtempSync(join(tmpdir(), "wsafe-ecosystem-"));
  const args = [
    join(repositoryRoot, "apps", "server", "bin", "wsafe.js"),
    "serve",
    "--demo",
    "--http",
    "--host",
    "127.0.0.1",
    "--port",
    "0",
    "--database",
    join(dir, "data"),
    "--rate-limit",
    "100000/60s",
  ];
  try {
    const process = await startProcess(globalThis.process.execPath, args, /listening on (http:\/\/\S+)/, {
      cwd: dir,
    });
    return {
      url: process.ready[1]!,
      process,
      async stop() {
        await process.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
