import type { ServerResponse } from "node:http";
import { pipeline, Readable } from "node:stream";
import type { RequestState } from "../pipeline/RequestState.js";
import type { ApiLaneOptions } from "./ApiLaneOptions.js";
import { createLaneTally } from "./createLaneTally.js";
import type { LaneCall } from "./LaneCall.js";
import { logRequestFailure } from "./logRequestFailure.js";
import { type Answer, failureAnswer } from "./methodAnswer.js";
import { serializeBody } from "./serializeBody.js";

/** How the API lane puts an answer on Node's response. */
export interface LaneWriter {
  /** Writes an answer (whole or streamed) with its headers, logs its failure if it is one, and tallies it. */
  write: (
    response: ServerResponse,
    state: RequestState,
    call: LaneCall,
    answer: Answer,
    pretty: boolean,
  ) => void;
  /** Writes the failure envelope of `error`; if even that fails, logs it and cuts the connection. */
  failed: (response: ServerResponse, state: RequestState, call: LaneCall, error: unknown) => void;
}

/**
 * The API lane's writer, made once per server: the headers from the responder shared
 * with the Fastify route, the body serialized once, a streamed list piped with
 * back-pressure, and the tally once the bytes are sent.
 *
 * @param options - the lane's services, responder, logger and tallies
 */
export function createLaneWriter(options: ApiLaneOptions): LaneWriter {
  const { services, responder, log } = options;
  const tallyWhenSent = createLaneTally(options);

  function write(
    response: ServerResponse,
    state: RequestState,
    call: LaneCall,
    answer: Answer,
    pretty: boolean,
  ): void {
    const { body } = answer;
    if (response.destroyed) {
      // The client left before the first bytes: a streamed list still holds its cursor.
      if (body instanceof Readable) body.destroy();
      return;
    }
    call.outcome = answer.outcome;
    if (answer.cause !== undefined) {
      const failure = {
        cause: answer.cause,
        fault: answer.storeFault,
        startedAt: call.start,
        requestId: call.id,
      };
      logRequestFailure(log, failure, services.storeAvailability);
    }
    const elapsedMs = performance.now() - call.start;
    if (body instanceof Readable) {
      // Sent as it is read, waiting for `drain`; a failure destroys the connection, and
      // a connection that goes away destroys the stream, which frees the database cursor.
      response.writeHead(200, responder.laneHeaders(call.id, elapsedMs, answer.retryAfter, undefined));
      tallyWhenSent(response, call, state, false);
      pipeline(body, response, () => {});
      return;
    }
    const bytes = serializeBody(body, pretty);
    const length = typeof bytes === "string" ? Buffer.byteLength(bytes) : bytes.length;
    response.writeHead(200, responder.laneHeaders(call.id, elapsedMs, answer.retryAfter, length));
    response.end(bytes);
    tallyWhenSent(response, call, state, true);
  }

  /** Failures honour `pretty` once the request data was decoded. */
  function failed(response: ServerResponse, state: RequestState, call: LaneCall, error: unknown): void {
    try {
      write(response, state, call, failureAnswer(error, call.id), state.data?.pretty === true);
    } catch (writeError) {
      // The last resort: something failed while answering a failure.
      log.error({ requestId: call.id, err: writeError }, "answer failed; connection closed");
      response.destroy();
    }
  }

  return { write, failed };
}
