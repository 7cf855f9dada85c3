import { describe, expect, it } from "vitest";
import { findingsToFix, type TestsslFinding } from "./testsslFindings.js";

const at = { ip: "127.0.0.1/127.0.0.1", port: "18443" };

// Recorded from testssl.sh 3.0.8 against the server with Node's default TLS settings
// and no HSTS (before TLS 1.2 was restricted), trimmed to what matters here.
const nodeDefaults: TestsslFinding[] = [
  { id: "engine_problem", ip: "/", port: "443", severity: "WARN", finding: "No engine or GOST support" },
  { id: "TLS1_2", ...at, severity: "OK", finding: "offered" },
  { id: "cipherlist_AVERAGE", ...at, severity: "LOW", cwe: "CWE-310", finding: "offered" },
  { id: "cert_chain_of_trust", ...at, severity: "CRITICAL", finding: "failed (self signed)." },
  { id: "cert_revocation", ...at, severity: "HIGH", finding: "Neither CRL nor OCSP URI provided" },
  { id: "DNS_CAArecord", ...at, severity: "LOW", finding: "--" },
  { id: "HSTS", ...at, severity: "LOW", finding: "not offered" },
  {
    id: "LUCKY13",
    ...at,
    severity: "LOW",
    cve: "CVE-2013-0169",
    finding: "potentially vulnerable, uses TLS CBC ciphers",
  },
];

describe(findingsToFix, () => {
  it("keeps what the issue reported: CBC suites, LUCKY13 and no HSTS", () => {
    expect(findingsToFix(nodeDefaults).map((finding) => finding.id)).toEqual([
      "cipherlist_AVERAGE",
      "HSTS",
      "LUCKY13",
    ]);
  });

  it("forgives only the self-signed certificate's findings, also with a certificate suffix", () => {
    const findings: TestsslFinding[] = [
      { id: "cert_chain_of_trust <cert#1>", ...at, severity: "CRITICAL", finding: "failed (self signed)." },
      { id: "cert_keySize", ...at, severity: "MEDIUM", finding: "RSA 1024 bits" },
      { id: "HSTS_time", ...at, severity: "LOW", finding: "3600 seconds" },
    ];
    expect(findingsToFix(findings).map((finding) => finding.id)).toEqual(["cert_keySize", "HSTS_time"]);
  });
});
