import { ApiError } from "./ApiError.js";

/**
 * The failures of a token that may not be used, in the words of the request pipeline's
 * checks: what a request answers, and what an open stream of that token ends with when
 * its token or account changes.
 *
 * @example
 * throw tokenFailures.inactive();
 */
export const tokenFailures = {
  /** No such token (`token_known`). */
  unknown: () => new ApiError("token_invalid", "unknown token"),
  /** Deactivated (`token_active`). */
  inactive: () => new ApiError("token_inactive", "the token has been deactivated"),
  /** Of an account that is not active (`account_active`). */
  accountInactive: () => new ApiError("account_inactive", "the token's account is not active"),
} as const;
