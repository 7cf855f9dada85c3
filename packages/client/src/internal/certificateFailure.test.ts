import { describe, expect, it } from "vitest";
import { certificateFailure } from "./certificateFailure.js";

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });
const fetchFailed = (cause: unknown) => new TypeError("fetch failed", { cause });

describe(certificateFailure, () => {
  it("finds the verification error that Node's fetch nests under `fetch failed`", () => {
    const cause = coded("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate");
    expect(certificateFailure(fetchFailed(cause))).toBe(cause);
  });

  it("finds it deeper, as undici's own fetch may nest it", () => {
    const cause = coded("UNABLE_TO_VERIFY_LEAF_SIGNATURE");
    expect(certificateFailure(fetchFailed(new Error("connect", { cause })))).toBe(cause);
  });

  it("knows every code by which Node refuses a server's certificate", () => {
    for (const code of [
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "SELF_SIGNED_CERT_IN_CHAIN",
      "UNABLE_TO_GET_ISSUER_CERT",
      "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
      "CERT_HAS_EXPIRED",
      "CERT_NOT_YET_VALID",
      "CERT_UNTRUSTED",
      "HOSTNAME_MISMATCH",
      "ERR_TLS_CERT_ALTNAME_INVALID",
    ])
      expect(certificateFailure(fetchFailed(coded(code))), code).toMatchObject({ code });
  });

  it("leaves other failures alone: refused, reset, DNS, and the server's alerts about a certificate of ours", () => {
    for (const code of [
      "ECONNREFUSED",
      "ECONNRESET",
      "ENOTFOUND",
      "UND_ERR_SOCKET",
      "ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE",
      "ERR_SSL_TLSV1_ALERT_UNKNOWN_CA",
    ])
      expect(certificateFailure(fetchFailed(coded(code))), code).toBeUndefined();
    expect(certificateFailure(fetchFailed(undefined))).toBeUndefined();
    expect(certificateFailure("CERT_HAS_EXPIRED")).toBeUndefined();
    expect(certificateFailure(undefined)).toBeUndefined();
  });

  it("looks at five links of the chain, the error itself and four causes below it, no further", () => {
    const nested = (depth: number, cause: unknown): unknown =>
      depth === 0 ? cause : nested(depth - 1, new Error(`link ${depth}`, { cause }));
    const expired = coded("CERT_HAS_EXPIRED");
    expect(certificateFailure(nested(4, expired))).toBe(expired);
    expect(certificateFailure(nested(5, expired))).toBeUndefined();
  });

  it("stops on a cyclic chain", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    a.cause = new Error("b", { cause: a });
    expect(certificateFailure(a)).toBeUndefined();
  });
});
