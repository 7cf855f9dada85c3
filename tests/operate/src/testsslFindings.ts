/** One line of testssl.sh's flat JSON output (`--jsonfile`). */
export interface TestsslFinding {
  id: string;
  ip?: string;
  port?: string;
  severity: string;
  finding: string;
  cve?: string;
  cwe?: string;
}

/** testssl.sh's ratings that count as a finding: LOW and worse (not OK, INFO or WARN). */
export const ratedSeverities: ReadonlySet<string> = new Set(["LOW", "MEDIUM", "HIGH", "CRITICAL"]);

/**
 * Findings that only the self-signed demo certificate causes, each with why: a real
 * deployment brings a certificate from a CA (`--tls-cert`), and these go with it.
 */
export const selfSignedCertificateFindings: Readonly<Record<string, string>> = {
  cert_chain_of_trust: "a self-signed certificate chains to no trusted CA",
  cert_revocation: "a self-signed certificate names no CRL or OCSP responder",
  DNS_CAArecord: "CAA names the CAs that may issue the host's certificate; 127.0.0.1 has no DNS name",
};

/**
 * The findings rated LOW or worse that the server must not have: all of them except
 * those of the self-signed demo certificate. testssl.sh suffixes an id with
 * ` <cert#N>` when a server has several certificates; the id before it counts.
 *
 * @param findings - testssl.sh's flat JSON output
 */
export function findingsToFix(findings: readonly TestsslFinding[]): TestsslFinding[] {
  return findings.filter(
    (finding) =>
      ratedSeverities.has(finding.severity) &&
      !Object.hasOwn(selfSignedCertificateFindings, finding.id.replace(/ <cert#\d+>$/, "")),
  );
}
