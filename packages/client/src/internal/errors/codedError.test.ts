import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../errors/ErrorCode.js";
import { codedError } from "./codedError.js";

const meta = { requestId: "r1", responseTime: 2, status: 200, attempts: 1 };

describe(codedError, () => {
  it("builds a named Error carrying code, method, meta and the given fields", () => {
    const error = codedError(ErrorCode.TimeoutError, "WsafeTimeoutError", "m: late", "m", meta, {
      timeoutMs: 5,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe("m: late");
    expect({ ...error }).toEqual({
      name: "WsafeTimeoutError",
      code: ErrorCode.TimeoutError,
      method: "m",
      meta,
      timeoutMs: 5,
    });
    expect(error.stack).toContain("WsafeTimeoutError: m: late");
  });

  it("passes a cause through the constructor, and leaves it out when there is none", () => {
    const reason = new Error("reset");
    expect(codedError(ErrorCode.AbortError, "WsafeAbortError", "m", "m", meta, {}, reason).cause).toBe(
      reason,
    );
    expect("cause" in codedError(ErrorCode.AbortError, "WsafeAbortError", "m", "m", meta, {})).toBe(false);
  });
});
