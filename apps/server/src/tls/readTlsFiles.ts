import { createPrivateKey, type KeyObject, X509Certificate } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { TlsFiles } from "./createSelfSignedCertificate.js";

/** Why `--tls-cert`/`--tls-key` cannot be served, in words that name the file and what to do. */
export class TlsFilesError extends Error {}

/** A certificate and key read from their files, checked to belong together. */
export interface CheckedTlsFiles extends TlsFiles {
  /** The certificate's subject, e.g. `CN=api.example.com`, for the start and reload lines. */
  subject: string;
  /** When the certificate stops being valid. */
  validTo: Date;
}

const pemKinds = [
  [/-----BEGIN CERTIFICATE-----/, "a certificate"],
  [/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/, "an encrypted private key"],
  [/-----BEGIN (RSA |EC )?PRIVATE KEY-----/, "a private key"],
  [/-----BEGIN CERTIFICATE REQUEST-----/, "a certificate signing request"],
] as const;

/** What a PEM text holds first, in words, or undefined when it is no PEM we know. */
function pemKind(text: string): string | undefined {
  return pemKinds.find(([pattern]) => pattern.test(text))?.[1];
}

async function readPem(file: string, flag: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === "ENOENT"
        ? "no such file"
        : code === "EACCES"
          ? "permission denied (the server's user must be able to read it)"
          : code === "EISDIR"
            ? "it is a directory, not a PEM file"
            : (error as Error).message;
    throw new TlsFilesError(`cannot read ${flag} ${file}: ${why}`);
  }
}

function parseCertificate(text: string, file: string): X509Certificate {
  try {
    return new X509Certificate(text);
  } catch {
    const kind = pemKind(text);
    const swapped = kind?.endsWith("private key") ? ": are --tls-cert and --tls-key swapped?" : "";
    throw new TlsFilesError(
      `--tls-cert ${file} holds ${kind ?? "no PEM certificate"}, not a certificate (-----BEGIN CERTIFICATE-----)${swapped}`,
    );
  }
}

function parseKey(text: string, file: string): KeyObject {
  const kind = pemKind(text);
  if (kind === "an encrypted private key")
    throw new TlsFilesError(
      `--tls-key ${file} holds an encrypted private key; the server needs it unencrypted (openssl pkey -in ${file} -out key.pem), readable by its user only`,
    );
  try {
    return createPrivateKey(text);
  } catch {
    const swapped = kind === "a certificate" ? ": are --tls-cert and --tls-key swapped?" : "";
    throw new TlsFilesError(
      `--tls-key ${file} holds ${kind ?? "no PEM private key"}, not a private key (-----BEGIN PRIVATE KEY-----)${swapped}`,
    );
  }
}

/**
 * Reads `--tls-cert` and `--tls-key` and checks them before the server uses them: each
 * file readable, a certificate in the one and a private key in the other (swapped files
 * are named as such), and the key the certificate's own. OpenSSL's words for the same
 * faults (`PEM routines::no start line`, `key values mismatch`) name no file.
 *
 * @param certFile - the `--tls-cert` path
 * @param keyFile - the `--tls-key` path
 * @returns both PEM texts, with the certificate's subject and end of validity
 * @throws TlsFilesError naming the file and the fault
 * @example
 * const tls = await readTlsFiles("/etc/wsafe/cert.pem", "/etc/wsafe/key.pem");
 * server.reloadTls(tls);
 */
export async function readTlsFiles(certFile: string, keyFile: string): Promise<CheckedTlsFiles> {
  const [cert, key] = await Promise.all([readPem(certFile, "--tls-cert"), readPem(keyFile, "--tls-key")]);
  const certificate = parseCertificate(cert, certFile);
  const privateKey = parseKey(key, keyFile);
  if (!certificate.checkPrivateKey(privateKey))
    throw new TlsFilesError(
      `--tls-key ${keyFile} is not the private key of the certificate in --tls-cert ${certFile}: give the key the certificate was issued for`,
    );
  return {
    cert,
    key,
    subject: certificate.subject.replaceAll("\n", ", "),
    validTo: new Date(certificate.validTo),
  };
}
