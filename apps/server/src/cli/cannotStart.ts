import { PortInUseError } from "../server/PortInUseError.js";
import { fail } from "./cliArguments.js";

/**
 * Ends `wsafe serve` that could not start: `wsafe: cannot start: <why>` on stderr, exit
 * status 1. A taken port also says what to do, with the flag that picks another.
 *
 * @param error - why it could not start
 * @example
 * await startServer(options).catch(cannotStart);
 * // wsafe: cannot start: port 8443 on 127.0.0.1 is in use: stop what uses it or choose another with --port
 */
export function cannotStart(error: unknown): never {
  if (error instanceof PortInUseError) {
    const flag = error.listener === "metrics" ? "--metrics-port" : "--port";
    fail(`cannot start: ${error.message}: stop what uses it or choose another with ${flag}`);
  }
  fail(`cannot start: ${(error as Error).message}`);
}
