import tls from "node:tls";

/** How a handshake ended: the protocol agreed, or the error that stopped it. */
export type HandshakeResult =
  | { ok: true; protocol: string | null }
  | { ok: false; code: string; message: string };

/**
 * Offers exactly one TLS version. OpenSSL 3 at its default security level will not
 * even sign a TLS 1.0/1.1 handshake (SHA-1), so the probe lowers it: the point is to
 * offer the old protocol for real and see the server refuse it.
 *
 * @param port - the server's port on 127.0.0.1
 * @param version - the only version offered
 */
export function handshake(port: number, version: tls.SecureVersion): Promise<HandshakeResult> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: "127.0.0.1",
      port,
      servername: "localhost",
      minVersion: version,
      maxVersion: version,
      ciphers: "DEFAULT@SECLEVEL=0",
      rejectUnauthorized: false,
    });
    socket.setTimeout(10_000, () =>
      socket.destroy(Object.assign(new Error("handshake timed out"), { code: "TIMEOUT" })),
    );
    socket.once("secureConnect", () => {
      resolve({ ok: true, protocol: socket.getProtocol() });
      socket.destroy();
    });
    socket.once("error", (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, code: error.code ?? "unknown", message: error.message }),
    );
  });
}
