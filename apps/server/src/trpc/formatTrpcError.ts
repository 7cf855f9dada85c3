import type { TRPC_ERROR_CODE_KEY, TRPC_ERROR_CODE_NUMBER, TRPCErrorFormatter } from "@trpc/server";
import type { ErrorIdentifier } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { serverErrorDescription } from "../errors/serverErrorDescription.js";
import { storeFaultOf } from "../store/database/storeFault.js";
import type { TrpcContext } from "./TrpcContext.js";
import { identifierOf } from "./trpcErrorCodes.js";

/** The `data` of a `/trpc` error: tRPC's own fields, and the /v1 identifier. */
export interface TrpcErrorData {
  /** tRPC's code, e.g. `UNAUTHORIZED`. */
  code: TRPC_ERROR_CODE_KEY;
  /** The HTTP status tRPC answered with. */
  httpStatus: number;
  /** The procedure's path (`resources.list`), when the error came from one. */
  path?: string;
  /** The /v1 identifier: what `/v1` answers in `error` for the same request. */
  error: ErrorIdentifier;
}

/**
 * How a `/trpc` error reaches the client (`TRPCClientError`'s `message` and `data`). The
 * same words as `/v1`: `data.error` is the identifier and `message` the description
 * `/v1` sends. tRPC's stack is never added (`isDev` is off, and the data is built here
 * field by field), and `server_error`'s message names only the request id.
 */
export interface TrpcErrorShape {
  code: TRPC_ERROR_CODE_NUMBER;
  message: string;
  data: TrpcErrorData;
}

/**
 * The router's `errorFormatter`: the /v1 identifier and description of a failed call.
 * An `ApiError` (from a check or the handler) gives both; tRPC's own failures (no such
 * procedure, an HTTP method the procedure does not take, input that is not JSON) keep
 * tRPC's message; anything unforeseen says only `server_error`'s description.
 *
 * @example
 * // a call with an unknown token, through @trpc/client:
 * // TRPCClientError { message: "unknown token", data: { code: "UNAUTHORIZED", httpStatus: 401, error: "token_invalid" } }
 */
export const formatTrpcError: TRPCErrorFormatter<TrpcContext, TrpcErrorShape> = ({ error, shape, ctx }) => {
  const identifier = identifierOf(error);
  let message = error.message;
  if (error.cause instanceof ApiError) message = error.cause.description;
  else if (identifier === "server_error")
    // No context yet (the input could not be read): no request id either.
    message = ctx ? serverErrorDescription(ctx.requestId, storeFaultOf(error.cause)) : "internal error";
  const data: TrpcErrorData = { code: shape.data.code, httpStatus: shape.data.httpStatus, error: identifier };
  if (shape.data.path !== undefined) data.path = shape.data.path;
  return { code: shape.code, message, data };
};
