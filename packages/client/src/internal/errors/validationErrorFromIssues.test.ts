import { describe, expect, it } from "vitest";
import { ErrorCode } from "../../errors/ErrorCode.js";
import { validationErrorFromIssues } from "./validationErrorFromIssues.js";

const meta = { requestId: "r1", responseTime: 2, status: 200, attempts: 1 };

describe(validationErrorFromIssues, () => {
  it("carries every issue and names the first in the message", () => {
    const issues = [
      { path: "user.name", message: "Required" },
      { path: "user.id", message: "Expected string" },
    ];
    const error = validationErrorFromIssues("users.info", issues, meta);
    expect({ ...error }).toEqual({
      name: "WsafeValidationError",
      code: ErrorCode.ValidationError,
      method: "users.info",
      meta,
      issues,
    });
    expect(error.message).toBe("users.info: reply breaks the schema at user.name: Required");
  });

  it("says only that the reply breaks the schema when no issue is given", () => {
    expect(validationErrorFromIssues("users.info", [], meta).message).toBe(
      "users.info: reply breaks the schema",
    );
  });
});
