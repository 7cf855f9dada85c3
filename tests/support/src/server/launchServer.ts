import { fileURLToPath } from "node:url";
import { serverDirectory } from "./serverDirectory.js";
import { serverNodeOptions } from "./serverNodeOptions.js";
import { type ServerProcess, type ServerProcessOptions, startServerProcess } from "./startServerProcess.js";

const launcher = fileURLToPath(new URL("../../bin/launch-server.mjs", import.meta.url));

/**
 * Starts the built server's `startServer(serverOptions)` in a child process, for the
 * options the command line does not offer (logger settings, a huge rate limit, a
 * certificate object); it prints the same readiness line as `wsafe serve` and stops
 * gracefully on SIGTERM or SIGINT.
 *
 * @param serverOptions - the server's options, as JSON (`port: 0` picks a free port)
 * @param options - as for `startServerProcess`, plus `serverDirectory` (default: the workspace's)
 * @example
 * import { launchServer } from "@wsafe/test-support";
 * const server = await launchServer({ port: 0, database: db.database, logger: false });
 * await server.stop();
 */
export function launchServer(
  serverOptions: object,
  options: ServerProcessOptions & { serverDirectory?: string } = {},
): Promise<ServerProcess> {
  return startServerProcess(
    [launcher, serverDirectory(options.serverDirectory), JSON.stringify(serverOptions)],
    { ...options, execArgv: [...serverNodeOptions, ...(options.execArgv ?? [])] },
  );
}
