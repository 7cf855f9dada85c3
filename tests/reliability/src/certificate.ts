import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generate } from "selfsigned";

/** A certificate for 127.0.0.1/localhost and its key, PEM. */
export interface Certificate {
  cert: string;
  key: string;
}

let shared: Promise<Certificate> | undefined;

/**
 * One self-signed certificate for the whole file: handed to the server under test
 * (so clients can verify the chain against it) and to reference servers.
 */
export function testCertificate(): Promise<Certificate> {
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

/** Writes the test certificate as `cert.pem`/`key.pem` in `directory`, for `wsafe serve --tls-cert/--tls-key`. */
export async function writeCertificateFiles(directory: string): Promise<string[]> {
  const { cert, key } = await testCertificate();
  const certPath = join(directory, "cert.pem");
  const keyPath = join(directory, "key.pem");
  await writeFile(certPath, cert);
  await writeFile(keyPath, key, { mode: 0o600 });
  return ["--tls-cert", certPath, "--tls-key", keyPath];
}
