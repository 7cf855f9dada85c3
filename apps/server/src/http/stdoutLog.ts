import { LogDestination } from "./LogDestination.js";

let destination: LogDestination | undefined;

/**
 * The process's one {@link LogDestination} on stdout, made on first use: where the JSON
 * log goes unless the caller gives pino a stream of its own.
 *
 * @example
 * const logger = pino({}, stdoutLog());
 */
export function stdoutLog(): LogDestination {
  destination ??= new LogDestination(process.stdout, (error) =>
    // console.error, not process.stderr.write: it ignores a stderr that is gone too.
    console.error(
      `wsafe: the JSON log can no longer be written to stdout (${(error as NodeJS.ErrnoException).code ?? error.message}: ` +
        "nothing reads it); the server goes on serving without it. Give its stdout a reader (a log shipper, a file) and restart it to have its log again.",
    ),
  );
  return destination;
}

/**
 * Waits for the JSON log lines taken so far to reach stdout, at most `timeoutMs`; at once
 * when nothing was logged there or stdout is gone.
 *
 * @param timeoutMs - the longest wait
 * @example
 * await stdoutLogWritten(1000);
 * process.exit(0);
 */
export function stdoutLogWritten(timeoutMs: number): Promise<void> {
  return destination?.written(timeoutMs) ?? Promise.resolve();
}
