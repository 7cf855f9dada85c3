import type { MethodName } from "@wsafe/schema";
import type { WsafeAbortError } from "./WsafeAbortError.js";
import type { WsafeApiErrorOf } from "./WsafeApiErrorOf.js";
import type { WsafeTimeoutError } from "./WsafeTimeoutError.js";
import type { WsafeTransportError } from "./WsafeTransportError.js";
import type { WsafeValidationError } from "./WsafeValidationError.js";

/**
 * Every error a call of `Method` can throw, discriminated by `code`.
 *
 * @example
 * if (isWsafeError(err, "resources.list")) switch (err.code) { case ErrorCode.ApiError: … }
 * @see https://docs.wsafe.dev/client/errors/
 */
export type WsafeError<Method extends MethodName = MethodName> =
  | WsafeApiErrorOf<Method>
  | WsafeTransportError
  | WsafeTimeoutError
  | WsafeAbortError
  | WsafeValidationError;
