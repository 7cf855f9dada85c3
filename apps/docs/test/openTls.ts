// A TLS client for the certificate rotation test: which certificate a new connection is
// served, and requests over one connection kept open across the rotation.
import { connect } from "node:tls";

/** A TLS connection to 127.0.0.1:port, the subject CN it was served, and HTTP/1.1 requests over it. */
export async function openTls(port: number) {
  const socket = connect({ host: "127.0.0.1", port, rejectUnauthorized: false, servername: "localhost" });
  await new Promise<void>((resolve, reject) => socket.once("secureConnect", resolve).once("error", reject));
  const subject = String(socket.getPeerCertificate().subject.CN);
  const get = (path: string) =>
    new Promise<string>((resolve, reject) => {
      let text = "";
      const onData = (chunk: Buffer) => {
        text += chunk;
        // One small JSON answer with its length: complete once the body is in.
        const length = Number(/content-length: (\d+)/i.exec(text)?.[1]);
        const body = text.indexOf("\r\n\r\n");
        if (body >= 0 && text.length - body - 4 >= length) {
          socket.off("data", onData);
          resolve(text);
        }
      };
      socket.on("data", onData).once("error", reject);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    });
  return { socket, subject, get };
}
