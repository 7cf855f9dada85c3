/** Which listener of the server wanted the port: the API's, or the metrics'. */
export type PortListener = "api" | "metrics";

/**
 * The port a server was to listen on is taken by another process. Thrown by
 * `startServer` before it opens the store, so that a taken port fails in milliseconds
 * and creates nothing.
 *
 * @example
 * try {
 *   await startServer({ port: 8443 });
 * } catch (error) {
 *   if (error instanceof PortInUseError) console.error(`${error.message}: choose another port`);
 * }
 */
export class PortInUseError extends Error {
  /**
   * @param port - the port asked for
   * @param host - the interface it was asked on
   * @param listener - `api` for the API's port, `metrics` for the metrics listener's
   */
  constructor(
    readonly port: number,
    readonly host: string,
    readonly listener: PortListener,
  ) {
    super(`port ${port} on ${host} is in use`);
    this.name = "PortInUseError";
  }
}
