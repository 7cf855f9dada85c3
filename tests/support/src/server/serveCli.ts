import { wsafeBin } from "./serverDirectory.js";
import { serverNodeOptions } from "./serverNodeOptions.js";
import { type ServerProcess, type ServerProcessOptions, startServerProcess } from "./startServerProcess.js";

/**
 * Starts `wsafe serve ARGS...` as an operator does, through the server's command line,
 * and waits for its readiness line.
 *
 * @param args - the arguments after `serve`
 * @param options - as for `startServerProcess`, plus `serverDirectory` (default: the workspace's)
 * @example
 * import { serveCli } from "@wsafe/test-support";
 * const server = await serveCli(["--demo", "--http", "--port", "0", "--database", "memory://"]);
 * await server.stop();
 */
export function serveCli(
  args: string[],
  options: ServerProcessOptions & { serverDirectory?: string } = {},
): Promise<ServerProcess> {
  return startServerProcess([wsafeBin(options.serverDirectory), "serve", ...args], {
    ...options,
    execArgv: [...serverNodeOptions, ...(options.execArgv ?? [])],
  });
}
