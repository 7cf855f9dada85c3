import tls from "node:tls";

/** A TLS socket to the server, once its handshake is done. */
export function openTls(port: number, timeoutMs = 15_000): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: "127.0.0.1",
      port,
      servername: "localhost",
      rejectUnauthorized: false,
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("TLS handshake timed out"));
    }, timeoutMs);
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** What the server did with a socket: when it closed it and what it wrote first. */
export interface SocketFate {
  /** Milliseconds from `watch()` to the close; `undefined` while still open. */
  closedAfterMs: number | undefined;
  /** What the server wrote (latin1). */
  received: string;
}

/** Follows a socket: records what arrives and when it closes. */
export function watch(socket: tls.TLSSocket): SocketFate & { closed: Promise<void> } {
  const started = performance.now();
  const fate: SocketFate & { closed: Promise<void> } = {
    closedAfterMs: undefined,
    received: "",
    closed: new Promise((resolve) => {
      socket.once("close", () => {
        fate.closedAfterMs = performance.now() - started;
        resolve();
      });
    }),
  };
  socket.on("data", (chunk: Buffer) => {
    fate.received += chunk.toString("latin1");
  });
  socket.on("error", () => {});
  return fate;
}
