import { createServer } from "node:net";
import { PortInUseError, type PortListener } from "./PortInUseError.js";

/**
 * Fails at once when a port is taken, by binding it for a moment (exclusively, so a
 * worker of `node:cluster` would not share the primary's handle). Opening and migrating
 * the store takes seconds and makes a new store's directory: a server that only found
 * out at `listen` wasted both and left the directory behind. Port 0 is never taken.
 * Another process may still take the port between this check and the real `listen`,
 * which then fails with the same error.
 *
 * @param port - the port to listen on later
 * @param host - the interface
 * @param listener - which listener wants it, for the error
 * @throws PortInUseError when another process listens there; other errors (EACCES) as Node gives them
 */
export async function ensurePortFree(port: number, host: string, listener: PortListener): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new PortInUseError(port, host, listener) : error),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
