import { describe, expect, it } from "vitest";
import { ErrorCode } from "./ErrorCode.js";

describe("ErrorCode", () => {
  // isWsafeError recognises the client's errors, from any copy of the package, by this prefix.
  it("gives every kind a distinct value starting with wsafe_", () => {
    const values = Object.values(ErrorCode);
    expect(values.every((value) => value.startsWith("wsafe_"))).toBe(true);
    expect(new Set(values).size).toBe(values.length);
  });

  it("keeps the wire values callers compare with", () => {
    expect(ErrorCode).toEqual({
      ApiError: "wsafe_api_error",
      TransportError: "wsafe_transport_error",
      TimeoutError: "wsafe_timeout_error",
      AbortError: "wsafe_abort_error",
      ValidationError: "wsafe_validation_error",
    });
  });
});
