/** What still held a server when its stop deadline passed. */
export interface ShutdownHolders {
  /** Connections still open (each one a client the server was waiting on). */
  connections: number;
  /** Requests begun and not finished, by HTTP method and path, e.g. `{ "POST /v1/resources.list": 1 }`. */
  requests: Record<string, number>;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * A stop that did not finish within its deadline (`shutdownTimeoutMs`, the command
 * line's `--shutdown-timeout`). By the time it is thrown the remaining connections
 * were cut and the store closed; its message names what held the server.
 *
 * @example
 * try {
 *   await server.close();
 * } catch (error) {
 *   if (error instanceof ShutdownTimeoutError) console.error(error.message, error.holders);
 * }
 */
export class ShutdownTimeoutError extends Error {
  /**
   * @param timeoutMs - the deadline that passed
   * @param holders - what was still open then
   */
  constructor(
    readonly timeoutMs: number,
    readonly holders: ShutdownHolders,
  ) {
    const requests = Object.entries(holders.requests)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([route, count]) => `${route} ×${count}`);
    const requestCount = Object.values(holders.requests).reduce((sum, count) => sum + count, 0);
    super(
      `stop deadline of ${timeoutMs / 1000} s passed with ${plural(holders.connections, "open connection")} and ` +
        `${plural(requestCount, "request")} in flight${requests.length > 0 ? ` (${requests.join(", ")})` : ""}; ` +
        "they were cut",
    );
    this.name = "ShutdownTimeoutError";
  }
}
