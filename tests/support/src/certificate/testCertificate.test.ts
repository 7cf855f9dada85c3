import { X509Certificate } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDirectory } from "../databases/createScratchDirectory.js";
import { testCertificate, writeCertificateFiles } from "./testCertificate.js";

describe(testCertificate, () => {
  it("is for localhost and 127.0.0.1, made once per process", async () => {
    const certificate = new X509Certificate((await testCertificate()).cert);
    expect(certificate.checkHost("localhost")).toBe("localhost");
    expect(certificate.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(await testCertificate()).toBe(await testCertificate());
  });
});

describe(writeCertificateFiles, () => {
  const scratch = createScratchDirectory("certificate");
  afterAll(async () => (await scratch).remove());

  it("writes the certificate and a key only its owner reads, and the serve arguments", async () => {
    const files = await writeCertificateFiles((await scratch).path);
    expect(await readFile(files.certFile, "utf8")).toBe((await testCertificate()).cert);
    expect((await stat(files.keyFile)).mode & 0o777).toBe(0o600);
    expect(files.serveArgs).toEqual(["--tls-cert", files.certFile, "--tls-key", files.keyFile]);
  });
});
