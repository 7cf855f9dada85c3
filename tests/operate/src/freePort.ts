import { createServer } from "node:net";

/**
 * A TCP port that was free on 127.0.0.1 a moment ago, for a tool that cannot be told to
 * pick one itself and report it (Prometheus's `--web.listen-address`).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
