// Node's TLS certificate verification codes: OpenSSL's X509 verify results as Node names
// them (DEPTH_ZERO_SELF_SIGNED_CERT, SELF_SIGNED_CERT_IN_CHAIN, UNABLE_TO_GET_ISSUER_CERT_LOCALLY,
// UNABLE_TO_VERIFY_LEAF_SIGNATURE, CERT_HAS_EXPIRED, HOSTNAME_MISMATCH, ...) and Node's own host
// name check (ERR_TLS_CERT_ALTNAME_INVALID). An alert from the server about a certificate of ours
// (ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE, ...) is not one of them. Short rather than a list: the
// client's main entry has a size budget (test/bundleSize.test.ts).
const verificationCode = /^(?!ERR_SSL).*(CERT|UNABLE_TO_VERIFY|HOSTNAME_MISMATCH)/;

/**
 * The error in `cause`'s chain that says the server's TLS certificate was refused
 * (self-signed, unknown issuer, expired, another host name), or undefined. Such a
 * failure is not transient: asked again, the same certificate is refused again. Node's
 * `fetch` puts it one level down (`TypeError("fetch failed")` → `{ code }`), undici's own
 * may nest deeper; browsers do not tell scripts why, so there it is never found.
 *
 * @internal
 * @example
 * certificateFailure(new TypeError("fetch failed", { cause: Object.assign(new Error("self-signed certificate"), { code: "DEPTH_ZERO_SELF_SIGNED_CERT" }) }));
 * // the inner error, whose code is "DEPTH_ZERO_SELF_SIGNED_CERT"
 */
export function certificateFailure(cause: unknown): { code: string; message: string } | undefined {
  // A few levels are plenty, and the bound keeps a cyclic chain from looping. `test`
  // reads a missing code as "undefined", which matches nothing.
  let link = cause as { code?: string; message: string; cause?: unknown } | undefined;
  for (let depth = 0; depth < 5 && link; depth++, link = link.cause as typeof link)
    if (verificationCode.test(String(link.code))) return link as { code: string; message: string };
  return undefined;
}
