import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../errors/ErrorCode.js";
import { isWsafeApiError } from "../../errors/isWsafeApiError.js";
import { isWsafeError } from "../../errors/isWsafeError.js";
import { transportErrorFromCause } from "./transportErrorFromCause.js";

const meta = { requestId: undefined, responseTime: undefined, status: undefined, attempts: 2 };

describe(transportErrorFromCause, () => {
  it("names the cause in the message and keeps it as cause, with no body", () => {
    const cause = new TypeError("fetch failed");
    const error = transportErrorFromCause("resources.list", cause, meta);
    expect({ ...error }).toEqual({
      name: "WsafeTransportError",
      code: ErrorCode.TransportError,
      method: "resources.list",
      meta,
      status: undefined,
      bodySnippet: undefined,
    });
    expect(error.message).toBe("resources.list: no reply (fetch failed)");
    expect(error.cause).toBe(cause);
  });

  it("names a refused TLS certificate's code and the fix, keeping Node's error as cause", () => {
    const refusal = Object.assign(new Error("self-signed certificate"), {
      code: "DEPTH_ZERO_SELF_SIGNED_CERT",
    });
    const cause = new TypeError("fetch failed", { cause: refusal });
    const error = transportErrorFromCause("users.info", cause, meta);
    expect(error.message).toBe(
      "users.info: TLS certificate refused (DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate); not retried. " +
        "To trust it, start Node with NODE_EXTRA_CA_CERTS=<its PEM file>",
    );
    expect(error).toMatchObject({
      code: ErrorCode.TransportError,
      status: undefined,
      bodySnippet: undefined,
    });
    expect(error.cause).toBe(cause);
  });

  it("describes a cause that is not an Error", () => {
    expect(transportErrorFromCause("users.info", "ECONNRESET", meta).message).toBe(
      "users.info: no reply (ECONNRESET)",
    );
  });

  it("makes an error the public guards recognise, of its method, and not as an API error", () => {
    const error = transportErrorFromCause("users.info", new Error("reset"), meta);
    expect(isWsafeError(error, "users.info")).toBe(true);
    expect(isWsafeError(error, "resources.list")).toBe(false);
    expect(isWsafeApiError(error)).toBe(false);
  });
});
