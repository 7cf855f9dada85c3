import tls from "node:tls";

/** A POST whose body stopped after its first bytes. */
export interface StalledUpload {
  /** Sends the rest of the body, so the request can be answered. */
  finish(): void;
  /** Everything the server wrote on the connection once it closed it. */
  closed: Promise<string>;
}

/**
 * Sends the headers of a POST and the first bytes of its body, then nothing more: a
 * client that never finishes its request. Resolves once the server has read the
 * headers (it answers `100 Continue` to `Expect: 100-continue`), so the request is
 * surely in flight.
 *
 * @param port - the HTTPS server's port on 127.0.0.1
 * @param path - e.g. `/v1/resources.list`
 * @param body - the whole body the request announces
 */
export function openStalledUpload(port: number, path: string, body: string): Promise<StalledUpload> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: "127.0.0.1",
      port,
      servername: "localhost",
      rejectUnauthorized: false,
    });
    let received = "";
    const closed = new Promise<string>((done) => socket.once("close", () => done(received)));
    socket.on("error", reject);
    socket.once("secureConnect", () => {
      const bytes = Buffer.from(body);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\nContent-Length: ${bytes.length}\r\n\r\n`,
      );
      socket.write(bytes.subarray(0, 1));
    });
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (received.startsWith("HTTP/1.1 100 Continue\r\n\r\n") && received.length === 25) {
        resolve({ finish: () => socket.write(Buffer.from(body).subarray(1)), closed });
      }
    });
  });
}
