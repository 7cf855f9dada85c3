import { describe, expect, it } from "vitest";
import { timeoutErrorAfter } from "../internal/errors/timeoutErrorAfter.js";
import { transportErrorFromCause } from "../internal/errors/transportErrorFromCause.js";
import { ErrorCode } from "./ErrorCode.js";
import { isWsafeApiError } from "./isWsafeApiError.js";
import { isWsafeError } from "./isWsafeError.js";

const meta = { requestId: "r1", responseTime: 2, status: 200, attempts: 1 };

describe(isWsafeError, () => {
  it("recognises the client's errors, also from another copy of the package", () => {
    expect(isWsafeError(timeoutErrorAfter("resources.list", 10, meta))).toBe(true);
    const foreign = Object.assign(new Error("x"), { code: ErrorCode.TransportError, method: "users.info" });
    expect(isWsafeError(foreign, "users.info")).toBe(true);
  });

  it("refuses other errors and look-alikes that are not errors", () => {
    expect(isWsafeError(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBe(false);
    expect(isWsafeError({ code: ErrorCode.ApiError, method: "users.info" })).toBe(false);
    expect(isWsafeError(undefined)).toBe(false);
    expect(isWsafeError(null)).toBe(false);
  });

  it("matches the method when one is given", () => {
    const error = transportErrorFromCause("users.info", new Error("reset"), meta);
    expect(isWsafeError(error, "users.info")).toBe(true);
    expect(isWsafeError(error, "resources.list")).toBe(false);
    expect(isWsafeApiError(error)).toBe(false);
  });
});
