/**
 * The levels `--log-level` (`WSAFE_LOG_LEVEL`) takes: pino's, most severe first, and
 * `silent` for no log at all. A level keeps its lines and every more severe one.
 */
export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** A level of {@link logLevels}. */
export type LogLevel = (typeof logLevels)[number];

/** One line per API request and what an operator acts on; `debug` adds the docs site's requests. */
export const defaultLogLevel: LogLevel = "info";
