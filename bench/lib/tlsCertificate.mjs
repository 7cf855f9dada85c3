import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Makes one self-signed certificate (RSA 2048, SHA-256, as the server's own default)
 * that the wsafe server and the bare Fastify route are both given: with the same key
 * and `minVersion`, the handshake and the cipher chosen are the same on both sides.
 *
 * @returns {{ cert: string, key: string, dir: string }}
 */
export function createBenchCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-tls-"));
  const keyPath = join(dir, "key.pem");
  const certPath = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-sha256",
      "-nodes",
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyPath,
      "-out",
      certPath,
    ],
    { stdio: "ignore" },
  );
  return { cert: readFileSync(certPath, "utf8"), key: readFileSync(keyPath, "utf8"), dir };
}
