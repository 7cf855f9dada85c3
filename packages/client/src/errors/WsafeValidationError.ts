import type { ValidationIssue } from "@wsafe/schema";
import type { ErrorCode } from "./ErrorCode.js";
import type { WsafeCodedError } from "./WsafeCodedError.js";

/**
 * A reply broke the contract, found by the validator passed as `validateResponses`.
 *
 * @example
 * if (err.code === ErrorCode.ValidationError) for (const i of err.issues) console.error(i.path, i.message);
 */
export interface WsafeValidationError extends WsafeCodedError<typeof ErrorCode.ValidationError> {
  /** Where and how the body differs from the schema. */
  readonly issues: readonly ValidationIssue[];
}
