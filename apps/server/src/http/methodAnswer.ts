import type { Readable } from "node:stream";
import type { MethodName } from "@wsafe/schema";
import type { ApiError } from "../errors/ApiError.js";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import { StreamedJsonResult } from "../results/StreamedJsonResult.js";
import { streamListBody } from "./streamListBody.js";

/**
 * The body of a method's result. A streamed list is read as it is sent, except with
 * `pretty`, whose indenting needs the whole tree: that keeps the whole-body path. Any
 * other result is the body itself, without a promise turn.
 *
 * @param result - what the method's procedure answered
 * @param pretty - indent for people
 * @param onStreamFailure - told of a list that fails after its first bytes were sent
 */
export function resultBody(
  result: MethodOutcome<MethodName>,
  pretty: boolean,
  onStreamFailure: (error: unknown) => void,
): object | Promise<object | Readable> {
  if (!(result instanceof StreamedJsonResult)) return result;
  return pretty ? result.toRawJsonResult() : streamListBody(result, onStreamFailure);
}

/** The failure envelope of an `ApiError`: its identifier and description, nothing else. */
export function failureBody(error: ApiError): { ok: false; error: string; description: string } {
  return { ok: false, error: error.error, description: error.description };
}

/**
 * The envelope of something unforeseen: `server_error`, naming only the request id
 * under which the cause is logged (never the cause itself).
 *
 * @param requestId - the request's id, as its header carries it
 */
export function serverErrorBody(requestId: string): { ok: false; error: string; description: string } {
  return { ok: false, error: "server_error", description: `internal error; quote request id ${requestId}` };
}
