import { describe, expect, it } from "vitest";
import {
  apiErrorFromBody,
  ErrorCode,
  isWsafeApiError,
  isWsafeError,
  timeoutErrorAfter,
  transportErrorFromCause,
} from "./errors.js";

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

describe(apiErrorFromBody, () => {
  it("keeps the identifier, description and request id, and retryAfter only for rate_limit_exceeded", () => {
    const limited = apiErrorFromBody(
      "users.info",
      { error: "rate_limit_exceeded", description: "slow down" },
      meta,
      2,
    );
    expect({ ...limited }).toEqual({
      name: "WsafeApiError",
      code: ErrorCode.ApiError,
      method: "users.info",
      meta,
      error: "rate_limit_exceeded",
      description: "slow down",
      requestId: "r1",
      retryAfter: 2,
    });
    expect(apiErrorFromBody("users.info", { error: "token_invalid" }, meta, 2).retryAfter).toBeUndefined();
  });

  it("ignores a description that is not a string", () => {
    expect(
      apiErrorFromBody("users.info", { error: "server_error", description: 42 }, meta, undefined),
    ).toMatchObject({
      description: undefined,
      message: "users.info: server_error",
    });
  });
});
