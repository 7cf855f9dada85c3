// `--tls-cert` and `--tls-key` as an operator gets them wrong: a missing file, the two
// swapped, a key of another certificate. Each used to print a stack trace or OpenSSL's
// `PEM routines::no start line`, naming no file.
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createScratchDirectory, runWsafe, type ScratchDirectory } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSelfSignedCertificate } from "../src/tls/createSelfSignedCertificate.js";

vi.setConfig({ testTimeout: 120_000 });

describe("wsafe serve --tls-cert F --tls-key F, wrong", () => {
  let dir: ScratchDirectory;
  beforeAll(async () => {
    dir = await createScratchDirectory("tls-files");
    const [mine, other] = await Promise.all([createSelfSignedCertificate(), createSelfSignedCertificate()]);
    await writeFile(join(dir.path, "cert.pem"), mine.cert);
    await writeFile(join(dir.path, "key.pem"), mine.key);
    await writeFile(join(dir.path, "other-key.pem"), other.key);
    await mkdir(join(dir.path, "certs"));
  });
  afterAll(() => dir?.remove());

  /** Runs `wsafe serve` with these files in a store directory it would make, and expects it to make nothing. */
  async function serveWith(cert: string, key: string) {
    const result = await runWsafe(
      ["serve", "--port", "0", "--database", "data", "--tls-cert", cert, "--tls-key", key],
      { cwd: dir.path },
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect((await readdir(dir.path)).sort()).toEqual(["cert.pem", "certs", "key.pem", "other-key.pem"]);
    return result.stderr;
  }

  it("names a file that is missing", async () => {
    expect(await serveWith("cert.pem", "nope.pem")).toBe(
      "wsafe: cannot read --tls-key nope.pem: no such file\n",
    );
  });

  it("names a directory given for a file", async () => {
    expect(await serveWith("certs", "key.pem")).toBe(
      "wsafe: cannot read --tls-cert certs: it is a directory, not a PEM file\n",
    );
  });

  it("says when the certificate and the key are swapped", async () => {
    expect(await serveWith("key.pem", "cert.pem")).toBe(
      "wsafe: --tls-cert key.pem holds a private key, not a certificate (-----BEGIN CERTIFICATE-----): are --tls-cert and --tls-key swapped?\n",
    );
  });

  it("says when the key is not the certificate's", async () => {
    expect(await serveWith("cert.pem", "other-key.pem")).toBe(
      "wsafe: --tls-key other-key.pem is not the private key of the certificate in --tls-cert cert.pem: give the key the certificate was issued for\n",
    );
  });
});
