import { describe, expect, it } from "vitest";
import { apiErrorFromBody } from "../internal/errors/apiErrorFromBody.js";
import { timeoutErrorAfter } from "../internal/errors/timeoutErrorAfter.js";
import { ErrorCode } from "./ErrorCode.js";
import { isWsafeApiError } from "./isWsafeApiError.js";

const meta = { requestId: "r1", responseTime: 2, status: 200, attempts: 1 };

describe(isWsafeApiError, () => {
  it("recognises an ok: false answer, of the given method only", () => {
    const error = apiErrorFromBody("users.info", { error: "content_not_found" }, meta, undefined);
    expect(isWsafeApiError(error)).toBe(true);
    expect(isWsafeApiError(error, "users.info")).toBe(true);
    expect(isWsafeApiError(error, "resources.list")).toBe(false);
  });

  it("refuses the client's other errors and foreign errors", () => {
    expect(isWsafeApiError(timeoutErrorAfter("users.info", 10, meta))).toBe(false);
    expect(isWsafeApiError(new Error("x"))).toBe(false);
    expect(isWsafeApiError({ code: ErrorCode.ApiError, method: "users.info", error: "token_invalid" })).toBe(
      false,
    );
  });
});
