import { methods } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { tokenFailures } from "../errors/tokenFailures.js";
import type { PipelineServices } from "../services/createPipelineServices.js";
import type { TokenRecord } from "../store/TokenRecord.js";
import type { Reads, Sets } from "./RequestFields.js";

/** Check `token_present`: `token` is a non-empty string (absent or `""` is missing). */
export function checkTokenPresent(state: Reads<"data"> & Sets<"tokenSecret">): void {
  const { data } = state;
  const token = Object.hasOwn(data, "token") ? data.token : undefined;
  if (token === undefined || token === "") throw new ApiError("token_missing", "missing parameter: token");
  if (typeof token !== "string")
    throw new ApiError("token_invalid", "invalid parameter: token: expected a string");
  state.tokenSecret = token;
}

/**
 * Check `token_known`: the store knows the token (by its hash). Synchronous when the
 * read cache keeps the record, so a warm request costs no promise here.
 */
export function checkTokenKnown(
  state: Reads<"tokenSecret"> & Sets<"token">,
  { store }: PipelineServices,
): void | Promise<void> {
  const found = store.findToken(state.tokenSecret);
  if (!(found instanceof Promise)) return knownToken(state, found);
  return found.then((token) => knownToken(state, token));
}

function knownToken(state: Sets<"token">, token: TokenRecord | undefined): void {
  if (!token) throw tokenFailures.unknown();
  state.token = token;
}

/** Check `token_active`: the token was not deactivated. */
export function checkTokenActive(state: Reads<"token">): void {
  if (!state.token.active) throw tokenFailures.inactive();
}

/** Check `account_active`: the token's account is active. */
export function checkAccountActive(state: Reads<"token">): void {
  if (!state.token.accountActive) throw tokenFailures.accountInactive();
}

/**
 * Check `rate_limit`: the token is within its limit. Only requests that passed the
 * checks before it count, so bad tokens cannot drain a real token's allowance.
 */
export function checkRateLimit(
  state: Reads<"token">,
  { rateLimiter }: PipelineServices,
): void | Promise<void> {
  return rateLimiter.consume(state.token.key);
}

/** Check `permission`: the token holds the permission the registry names for the method. */
export function checkPermission(state: Reads<"method" | "token">): void {
  const permission = methods[state.method].permission;
  if (!state.token.permissions.includes(permission)) {
    throw new ApiError("token_permission", `the token lacks the ${permission} permission`);
  }
}
