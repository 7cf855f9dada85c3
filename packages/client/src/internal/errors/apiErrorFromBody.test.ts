import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../errors/ErrorCode.js";
import { isWsafeApiError } from "../../errors/isWsafeApiError.js";
import { apiErrorFromBody } from "./apiErrorFromBody.js";

const meta = { requestId: "r1", responseTime: 2, status: 200, attempts: 1 };

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

  it("makes an error the public guards recognise, as an API error of its method", () => {
    const error = apiErrorFromBody("users.info", { error: "content_not_found" }, meta, undefined);
    expect(isWsafeApiError(error, "users.info")).toBe(true);
    expect(isWsafeApiError(error, "resources.list")).toBe(false);
  });
});
