import { describe, expect, it } from "vitest";
import { ErrorCode } from "./ErrorCode.js";
import { isWsafeApiError } from "./isWsafeApiError.js";
import { isWsafeError } from "./isWsafeError.js";

// Errors shaped as the client throws them; that the client's own factories make errors
// these guards recognise is tested beside the factories (internal/errors/).
const thrownAs = (code: string, method: string) => Object.assign(new Error("x"), { code, method });

describe(isWsafeError, () => {
  it("recognises the client's errors, also from another copy of the package", () => {
    expect(isWsafeError(thrownAs(ErrorCode.TimeoutError, "resources.list"))).toBe(true);
    expect(isWsafeError(thrownAs(ErrorCode.TransportError, "users.info"), "users.info")).toBe(true);
  });

  it("refuses other errors and look-alikes that are not errors", () => {
    expect(isWsafeError(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBe(false);
    expect(isWsafeError({ code: ErrorCode.ApiError, method: "users.info" })).toBe(false);
    expect(isWsafeError(undefined)).toBe(false);
    expect(isWsafeError(null)).toBe(false);
  });

  it("matches the method when one is given", () => {
    const error = thrownAs(ErrorCode.TransportError, "users.info");
    expect(isWsafeError(error, "users.info")).toBe(true);
    expect(isWsafeError(error, "resources.list")).toBe(false);
    expect(isWsafeApiError(error)).toBe(false);
  });
});
