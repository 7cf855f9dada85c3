import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../errors/ErrorCode.js";
import { isWsafeApiError } from "../../errors/isWsafeApiError.js";
import { isWsafeError } from "../../errors/isWsafeError.js";
import { timeoutErrorAfter } from "./timeoutErrorAfter.js";

const meta = { requestId: "r1", responseTime: undefined, status: undefined, attempts: 3 };

describe(timeoutErrorAfter, () => {
  it("carries the limit that passed", () => {
    const error = timeoutErrorAfter("resources.list", 5000, meta);
    expect({ ...error }).toEqual({
      name: "WsafeTimeoutError",
      code: ErrorCode.TimeoutError,
      method: "resources.list",
      meta,
      timeoutMs: 5000,
    });
    expect(error.message).toBe("resources.list: timed out after 5000 ms");
  });

  it("makes an error the public guards recognise, and not as an API error", () => {
    const error = timeoutErrorAfter("users.info", 10, meta);
    expect(isWsafeError(error, "users.info")).toBe(true);
    expect(isWsafeApiError(error)).toBe(false);
  });
});
