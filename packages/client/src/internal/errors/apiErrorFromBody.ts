import type { ErrorIdentifier } from "@wsafe/schema";
import { ErrorCode } from "../../errors/ErrorCode.js";
import type { WsafeApiError } from "../../errors/WsafeApiError.js";
import type { ResponseMeta } from "../../ResponseMeta.js";
import { codedError } from "./codedError.js";

/**
 * Turns a failure envelope into the API error (internal factory, named for its input).
 *
 * @internal
 * @example
 * apiErrorFromBody("users.info", { error: "content_not_found" }, meta, undefined);
 */
export function apiErrorFromBody(
  method: string,
  body: { error: string; description?: unknown },
  meta: ResponseMeta,
  retryAfter: number | undefined,
): WsafeApiError<string> {
  const description = typeof body.description === "string" ? body.description : undefined;
  return codedError(
    ErrorCode.ApiError,
    "WsafeApiError",
    `${method}: ${body.error}${description ? ` (${description})` : ""}`,
    method,
    meta,
    {
      error: body.error as ErrorIdentifier,
      description,
      requestId: meta.requestId,
      retryAfter: body.error === "rate_limit_exceeded" ? retryAfter : undefined,
    },
  );
}
