import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generate } from "selfsigned";

/** A certificate for `localhost` and `127.0.0.1` and its private key, PEM. */
export interface TestCertificate {
  cert: string;
  key: string;
}

let shared: Promise<TestCertificate> | undefined;

/**
 * One self-signed certificate per process (RSA 2048, SHA-256, like the server's own
 * default), for `localhost` and `127.0.0.1`: handed to the server under test, so
 * clients can verify the chain against it, and to reference servers, so a comparison
 * runs the same handshake on both sides. Made once: a 2048-bit key takes a while.
 *
 * @example
 * import { testCertificate } from "@wsafe/test-support";
 * const { cert, key } = await testCertificate();
 * const server = await startServer({ port: 0, database, tls: { cert, key } });
 */
export function testCertificate(): Promise<TestCertificate> {
  shared ??= generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  }).then((pems) => ({ cert: pems.cert, key: pems.private }));
  return shared;
}

/** Where {@link writeCertificateFiles} wrote the certificate, and the `wsafe serve` arguments that use it. */
export interface CertificateFiles {
  certFile: string;
  keyFile: string;
  /** `["--tls-cert", certFile, "--tls-key", keyFile]` */
  serveArgs: string[];
}

/**
 * Writes {@link testCertificate} as `cert.pem` and `key.pem` (mode 600) in `directory`,
 * for `wsafe serve --tls-cert/--tls-key`.
 *
 * @example
 * const { serveArgs } = await writeCertificateFiles(dir);
 * await serveCli([...serveArgs, "--port", "0", "--database", db.database]);
 */
export async function writeCertificateFiles(directory: string): Promise<CertificateFiles> {
  const { cert, key } = await testCertificate();
  const certFile = join(directory, "cert.pem");
  const keyFile = join(directory, "key.pem");
  await writeFile(certFile, cert);
  await writeFile(keyFile, key, { mode: 0o600 });
  return { certFile, keyFile, serveArgs: ["--tls-cert", certFile, "--tls-key", keyFile] };
}
