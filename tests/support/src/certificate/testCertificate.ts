import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generate } from "selfsigned";
import { buildOnce } from "../cache/buildOnce.js";
import { testCacheDirectory } from "../cache/testCacheDirectory.js";

/** A certificate for `localhost` and `127.0.0.1` and its private key, PEM. */
export interface TestCertificate {
  cert: string;
  key: string;
}

let shared: Promise<TestCertificate> | undefined;

const DAY = 24 * 3600 * 1000;

/** A new certificate, valid from a day ago for 60 days. */
async function generateCertificate(): Promise<TestCertificate> {
  const notBeforeDate = new Date(Date.now() - DAY);
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 60 * DAY),
    extensions: [
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * One self-signed certificate (RSA 2048, SHA-256, like the server's own default), for
 * `localhost` and `127.0.0.1`, shared by every process of the workspace's test runs: made
 * once a month and kept in `testCacheDirectory`.
 * Handed to servers under test whose test is not about TLS, so clients can verify the
 * chain against it, and to reference servers, so a comparison runs the same handshake on
 * both sides; each server that makes its own pays for a 2048-bit key.
 *
 * @example
 * import { testCertificate } from "@wsafe/test-support";
 * const { cert, key } = await testCertificate();
 * const server = await startServer({ port: 0, database, tls: { cert, key } });
 */
export function testCertificate(): Promise<TestCertificate> {
  shared ??= (async () => {
    // A month's certificate is valid from the day before the month to well after it.
    const month = new Date().toISOString().slice(0, 7);
    const folder = await buildOnce(testCacheDirectory("certificates", month), async (into) => {
      const { cert, key } = await generateCertificate();
      await writeFile(join(into, "cert.pem"), cert);
      await writeFile(join(into, "key.pem"), key, { mode: 0o600 });
    });
    const [cert, key] = await Promise.all(
      ["cert.pem", "key.pem"].map((name) => readFile(join(folder, name), "utf8")),
    );
    return { cert: cert!, key: key! };
  })();
  shared.catch(() => (shared = undefined));
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
