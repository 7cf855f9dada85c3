import { createServer } from "node:net";

/**
 * A TCP port on 127.0.0.1 that was free a moment ago, for a program that needs its
 * port named (Prism, HAProxy, PgBouncer, a `wsafe serve` behind a proxy); a server we
 * start ourselves listens on port 0 instead.
 *
 * @example
 * import { freePort } from "@wsafe/test-support";
 * const port = await freePort();
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}
