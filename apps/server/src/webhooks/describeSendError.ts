/**
 * What a failed delivery attempt records, by the error code Node gives: short, and safe
 * to show the endpoint's owner (no stack, no local path, no address of ours). A code
 * not listed is recorded as `request failed (CODE)`.
 *
 * @example
 * sendErrorTexts.ECONNREFUSED; // "connection refused"
 */
export const sendErrorTexts: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset before a complete answer",
  EPIPE: "connection closed by the receiver",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EADDRNOTAVAIL: "address not available",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name lookup failed (temporary)",
  ENODATA: "host name has no address",
  // TLS: the certificate checks OpenSSL names, then Node's own host-name check.
  CERT_HAS_EXPIRED: "TLS: certificate has expired",
  CERT_NOT_YET_VALID: "TLS: certificate is not yet valid",
  DEPTH_ZERO_SELF_SIGNED_CERT: "TLS: self-signed certificate",
  SELF_SIGNED_CERT_IN_CHAIN: "TLS: self-signed certificate in the chain",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "TLS: unable to verify the certificate",
  UNABLE_TO_GET_ISSUER_CERT: "TLS: unknown certificate issuer",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "TLS: unknown certificate issuer",
  CERT_REVOKED: "TLS: certificate revoked",
  CERT_SIGNATURE_FAILURE: "TLS: certificate signature invalid",
  CERT_UNTRUSTED: "TLS: certificate not trusted",
  ERR_TLS_CERT_ALTNAME_INVALID: "TLS: certificate does not match the host name",
  ERR_SSL_WRONG_VERSION_NUMBER: "TLS: handshake failed (is it https?)",
  ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION: "TLS: no common protocol version",
  ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE: "TLS: handshake failed",
  EPROTO: "TLS: handshake failed",
  ERR_WSAFE_FORBIDDEN_ADDRESS: "refused: forbidden address",
};

/**
 * Turns whatever a delivery attempt threw into the line its record keeps.
 * {@link ForbiddenAddressError}'s own message is kept (it names the kind of address the
 * host resolved to, never the address); the HTTP parser's `HPE_*` codes become
 * `invalid HTTP answer`.
 *
 * @param error - the request's or socket's error
 * @returns one short line
 * @example
 * describeSendError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED" }));
 * // "connection refused"
 */
export function describeSendError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ERR_WSAFE_FORBIDDEN_ADDRESS") return (error as Error).message;
  if (typeof code !== "string") return "request failed";
  if (code.startsWith("HPE_")) return "invalid HTTP answer";
  return sendErrorTexts[code] ?? `request failed (${code.replace(/[^A-Z0-9_]/gi, "").slice(0, 60)})`;
}
