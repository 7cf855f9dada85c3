import { X509Certificate } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createScratchDirectory } from "../databases/createScratchDirectory.js";
import { testCertificate, writeCertificateFiles } from "./testCertificate.js";

describe(testCertificate, () => {
  it("is for localhost and 127.0.0.1, valid now, read once per process", async () => {
    const certificate = new X509Certificate((await testCertificate()).cert);
    expect(certificate.checkHost("localhost")).toBe("localhost");
    expect(certificate.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(Date.parse(certificate.validFrom)).toBeLessThan(Date.now());
    expect(Date.parse(certificate.validTo)).toBeGreaterThan(Date.now() + 24 * 3600 * 1000);
    expect(await testCertificate()).toBe(await testCertificate());
  });

  // Every process of a run shares it: a 2048-bit key each would cost a server start's
  // worth. A fresh copy of the module is what another process starts with.
  it("is the one another process gets", async () => {
    vi.resetModules();
    const fresh = (await import("./testCertificate.js")) as typeof import("./testCertificate.js");
    expect(fresh.testCertificate).not.toBe(testCertificate);
    expect(await fresh.testCertificate()).toEqual(await testCertificate());
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
