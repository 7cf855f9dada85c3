import { PortInUseError } from "../server/PortInUseError.js";
import { fail } from "./cliArguments.js";
import { describeError } from "./describeError.js";

/**
 * Ends `wsafe serve` that could not start: `wsafe: cannot start: <why>` on stderr, exit
 * status 1. A taken port also says what to do, with the flag that picks another; a full
 * disk or an unreachable database says where (see {@link describeError}).
 *
 * @param error - why it could not start
 * @param database - the `--database` in use, named in a disk fault
 * @example
 * await startServer(options).catch(cannotStart);
 * // wsafe: cannot start: port 8443 on 127.0.0.1 is in use: stop what uses it or choose another with --port
 */
export function cannotStart(error: unknown, database?: string): never {
  if (error instanceof PortInUseError) {
    const flag = error.listener === "metrics" ? "--metrics-port" : "--port";
    fail(`cannot start: ${error.message}: stop what uses it or choose another with ${flag}`);
  }
  fail(`cannot start: ${describeError(error, database)}`);
}
