import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../errors/ErrorCode.js";
import { abortErrorFromReason } from "./abortErrorFromReason.js";

const meta = { requestId: undefined, responseTime: undefined, status: undefined, attempts: 1 };

describe(abortErrorFromReason, () => {
  it("keeps the signal's reason as cause", () => {
    const reason = new DOMException("navigated away", "AbortError");
    const error = abortErrorFromReason("resources.list", reason, meta);
    expect({ ...error }).toEqual({
      name: "WsafeAbortError",
      code: ErrorCode.AbortError,
      method: "resources.list",
      meta,
    });
    expect(error.message).toBe("resources.list: aborted");
    expect(error.cause).toBe(reason);
  });
});
