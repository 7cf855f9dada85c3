import { describe, expect, it } from "vitest";
import { describeSendError } from "./describeSendError.js";
import { forbiddenAddress } from "./forbiddenAddress.js";
import { ForbiddenAddressError } from "./guardedLookup.js";

const coded = (code: string, message = `${code} at /srv/wsafe/node_modules/x.js:1:2`) =>
  Object.assign(new Error(message), { code });

describe(describeSendError, () => {
  it.each([
    ["ECONNREFUSED", "connection refused"],
    ["ECONNRESET", "connection reset before a complete answer"],
    ["ENOTFOUND", "host name not found"],
    ["CERT_HAS_EXPIRED", "TLS: certificate has expired"],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "TLS: self-signed certificate"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "TLS: certificate does not match the host name"],
    ["HPE_INVALID_CONSTANT", "invalid HTTP answer"],
    ["HPE_HEADER_OVERFLOW", "invalid HTTP answer"],
    ["ESOMETHINGNEW", "request failed (ESOMETHINGNEW)"],
  ])("turns %s into %j, never the error's own message", (code, text) => {
    expect(describeSendError(coded(code))).toBe(text);
  });

  it("keeps the address a refused host resolved to", () => {
    const error = new ForbiddenAddressError("localhost", forbiddenAddress("127.0.0.1")!);
    expect(describeSendError(error)).toBe("refused: the host name resolves to a loopback address");
  });

  it("says little about what has no code, and strips a code of odd characters", () => {
    expect(describeSendError(new Error("/etc/secret failed"))).toBe("request failed");
    expect(describeSendError("a string")).toBe("request failed");
    expect(describeSendError(null)).toBe("request failed");
    expect(describeSendError(coded("E<script>/x"))).toBe("request failed (Escriptx)");
  });
});
