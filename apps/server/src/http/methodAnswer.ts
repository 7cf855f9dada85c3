import type { Readable } from "node:stream";
import type { ErrorIdentifier, MethodName } from "@wsafe/schema";
import { ApiError } from "../errors/ApiError.js";
import { serverErrorDescription } from "../errors/serverErrorDescription.js";
import type { MethodOutcome } from "../methods/MethodHandler.js";
import { StreamedJsonResult } from "../results/StreamedJsonResult.js";
import { type StoreFault, storeFaultOf } from "../store/database/storeFault.js";
import { streamListBody } from "./streamListBody.js";

/**
 * What a request's outcome becomes, decided once for both ways of writing an answer
 * (the Fastify route and the API lane), which then only write it.
 */
export interface Answer {
  /** The method's result (a streamed list as a stream) or an envelope. */
  readonly body: object | Readable;
  /** `ok` or the error identifier (of `@wsafe/schema`): what the log line and tallies say. */
  readonly outcome: "ok" | ErrorIdentifier;
  /** Seconds for `Retry-After`, when the failure has one. */
  readonly retryAfter?: number;
  /** Something unforeseen, logged under the request id and never sent. */
  readonly cause?: unknown;
  /** The store's fault, when the cause is one: said to the caller, and logged once per change. */
  readonly storeFault?: StoreFault;
}

/**
 * The answer of a method's result. A streamed list is read as it is sent (the answer
 * waits for its first chunks), except with `pretty`, whose indenting needs the whole
 * tree: that keeps the whole-body path. Any other result is answered without a
 * promise turn.
 *
 * @param result - what the method's handler answered
 * @param pretty - indent for people
 * @param onStreamFailure - told of a list that fails after its first bytes were sent
 */
export function resultAnswer(
  result: MethodOutcome<MethodName>,
  pretty: boolean,
  onStreamFailure: (error: unknown) => void,
): Answer | Promise<Answer> {
  if (!(result instanceof StreamedJsonResult)) return { body: result, outcome: "ok" };
  const body = pretty ? result.toRawJsonResult() : streamListBody(result, onStreamFailure);
  return body.then((whole) => ({ body: whole, outcome: "ok" }));
}

/**
 * The answer of a failed request: an `ApiError` is its envelope (and `Retry-After`);
 * anything else is `server_error`, its cause kept for the log.
 *
 * @param error - what the pipeline, the handler or the body threw
 * @param requestId - the request's id, which a `server_error` names
 */
export function failureAnswer(error: unknown, requestId: string): Answer {
  if (error instanceof ApiError) {
    return { body: failureBody(error), outcome: error.error, retryAfter: error.retryAfter };
  }
  return serverErrorAnswer(requestId, error);
}

/**
 * The answer to something unforeseen: `server_error`, its cause kept for the log. A
 * store that cannot be used right now (a full disk, a database gone) is said in the
 * description, with what to do.
 *
 * @param requestId - the request's id, which the envelope names
 * @param cause - what failed, logged and never sent
 */
export function serverErrorAnswer(requestId: string, cause: unknown): Answer {
  const storeFault = storeFaultOf(cause);
  return { body: serverErrorBody(requestId, storeFault), outcome: "server_error", cause, storeFault };
}

/** A failure envelope: the error's identifier and description, nothing else. */
interface FailureBody {
  ok: false;
  error: ErrorIdentifier;
  description: string;
}

/** The failure envelope of an `ApiError`: its identifier and description, nothing else. */
function failureBody(error: ApiError): FailureBody {
  return { ok: false, error: error.error, description: error.description };
}

/**
 * The envelope of something unforeseen: `server_error`, naming the request id under
 * which the cause is logged (never the cause itself), and the store's fault in words.
 *
 * @param requestId - the request's id, as its header carries it
 * @param fault - the store's fault, when that is what failed
 */
function serverErrorBody(requestId: string, fault: StoreFault | undefined): FailureBody {
  return { ok: false, error: "server_error", description: serverErrorDescription(requestId, fault) };
}
