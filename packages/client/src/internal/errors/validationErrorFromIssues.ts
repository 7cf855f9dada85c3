import type { ValidationIssue } from "@wsafe/schema";
import { ErrorCode } from "../../errors/ErrorCode.js";
import type { WsafeValidationError } from "../../errors/WsafeValidationError.js";
import type { ResponseMeta } from "../../ResponseMeta.js";
import { codedError } from "./codedError.js";

/**
 * The validation error of a reply that breaks the contract (internal factory).
 *
 * @internal
 * @example
 * validationErrorFromIssues("users.info", [{ path: "user.name", message: "Required" }], meta);
 */
export function validationErrorFromIssues(
  method: string,
  issues: readonly ValidationIssue[],
  meta: ResponseMeta,
): WsafeValidationError {
  const first = issues[0];
  return codedError(
    ErrorCode.ValidationError,
    "WsafeValidationError",
    `${method}: reply breaks the schema${first ? ` at ${first.path}: ${first.message}` : ""}`,
    method,
    meta,
    { issues },
  );
}
