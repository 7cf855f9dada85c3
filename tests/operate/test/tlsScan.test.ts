import {
  createScratchDirectory,
  type ScratchDirectory,
  type ServerProcess,
  serveCli,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTestssl } from "../src/runTestssl.js";
import { findingsToFix } from "../src/testsslFindings.js";

const testssl = process.env.WSAFE_TESTSSL;
if (!testssl)
  console.warn(
    "\n!!! WSAFE_TESTSSL is not set (scripts/services.sh installs testssl.sh): the TLS scan is SKIPPED.\n",
  );

describe.skipIf(!testssl)("testssl.sh against wsafe serve --hsts with its self-signed certificate", () => {
  let directory: ScratchDirectory;
  let server: ServerProcess;
  beforeAll(async () => {
    directory = await createScratchDirectory("tls-scan");
    // The certificate is the one `wsafe serve` makes for itself under ./.wsafe/tls.
    server = await serveCli(["--port", "0", "--database", "memory://", "--hsts"], { cwd: directory.path });
  });
  afterAll(async () => {
    await server?.stop();
    await directory?.remove();
  });

  it("finds nothing rated LOW or worse apart from the self-signed certificate", async () => {
    const { findings, output } = await runTestssl(testssl!, server.url, directory.path);
    // The scan really ran: it rated the protocols, the suites and the headers.
    const ids = new Set(findings.map((finding) => finding.id));
    for (const id of ["TLS1", "TLS1_1", "TLS1_2", "TLS1_3", "cipherlist_AVERAGE", "LUCKY13", "HSTS_time"])
      expect(ids.has(id), `testssl.sh did not report ${id}:\n${output}`).toBe(true);
    // What the issue reported, now fixed: static RSA and CBC suites gone, HSTS sent.
    const byId = new Map(findings.map((finding) => [finding.id, finding]));
    expect(byId.get("cipherlist_AVERAGE")?.finding).toBe("not offered");
    expect(byId.get("HSTS_time")?.finding).toMatch(/=31536000 seconds/);
    const tls12Order = byId.get("cipherorder_TLSv1_2")?.finding.split(/\s+/).filter(Boolean) ?? [];
    expect(tls12Order.length).toBeGreaterThan(0);
    for (const suite of tls12Order) expect(suite).toMatch(/^ECDHE-.*(GCM|CHACHA20-POLY1305)/);
    expect(findingsToFix(findings), output).toEqual([]);
  });
});
