import { describe, expect, it } from "vitest";
import { ErrorCode } from "./ErrorCode.js";
import { isWsafeApiError } from "./isWsafeApiError.js";

// Errors shaped as the client throws them; that the client's own factories make errors
// these guards recognise is tested beside the factories (internal/errors/).
const thrownAs = (code: string, method: string) => Object.assign(new Error("x"), { code, method });

describe(isWsafeApiError, () => {
  it("recognises an ok: false answer, of the given method only", () => {
    const error = thrownAs(ErrorCode.ApiError, "users.info");
    expect(isWsafeApiError(error)).toBe(true);
    expect(isWsafeApiError(error, "users.info")).toBe(true);
    expect(isWsafeApiError(error, "resources.list")).toBe(false);
  });

  it("refuses the client's other errors and foreign errors", () => {
    expect(isWsafeApiError(thrownAs(ErrorCode.TimeoutError, "users.info"))).toBe(false);
    expect(isWsafeApiError(new Error("x"))).toBe(false);
    expect(isWsafeApiError({ code: ErrorCode.ApiError, method: "users.info", error: "token_invalid" })).toBe(
      false,
    );
  });
});
