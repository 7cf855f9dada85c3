import { X509Certificate } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** A certificate and its private key, both PEM. */
export interface TlsFiles {
  cert: string;
  key: string;
}

/**
 * Makes a self-signed certificate for `localhost`, `127.0.0.1` and `::1`, valid for a
 * year: enough for trying the service with `curl -k`, never for production.
 */
export async function createSelfSignedCertificate(): Promise<TlsFiles> {
  // Loaded here only: the X.509 library costs a process start ~0.25 s of CPU, and it is
  // needed once, when a store's directory has no certificate yet.
  const { generate } = await import("selfsigned");
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    algorithm: "sha256",
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 365 * 24 * 3600 * 1000),
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      {
        name: "subjectAltName",
        altNames: [
          { type: 2, value: "localhost" },
          { type: 7, ip: "127.0.0.1" },
          { type: 7, ip: "::1" },
        ],
      },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * Reuses the self-signed certificate kept in `directory` while it is valid for at least
 * another day, else makes and writes a new one; so a restarted server keeps the
 * certificate a caller may have chosen to trust.
 *
 * @param directory - where `localhost-cert.pem` and `localhost-key.pem` live
 * @returns the PEMs and the path of the certificate file
 */
export async function ensureSelfSignedCertificate(
  directory: string,
): Promise<TlsFiles & { certPath: string }> {
  const certPath = join(directory, "localhost-cert.pem");
  const keyPath = join(directory, "localhost-key.pem");
  try {
    const [cert, key] = await Promise.all([readFile(certPath, "utf8"), readFile(keyPath, "utf8")]);
    const validTo = new Date(new X509Certificate(cert).validTo).getTime();
    if (validTo - Date.now() > 24 * 3600 * 1000) return { cert, key, certPath };
  } catch {
    // missing or unreadable: make a new one below
  }
  const files = await createSelfSignedCertificate();
  await mkdir(directory, { recursive: true });
  await writeFile(keyPath, files.key, { mode: 0o600 });
  await writeFile(certPath, files.cert);
  return { ...files, certPath };
}
