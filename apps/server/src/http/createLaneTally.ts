import type { IncomingMessage, ServerResponse } from "node:http";
import { bytesSent } from "../metrics/bytesSent.js";
import type { RequestState } from "../pipeline/RequestState.js";
import type { ApiLaneOptions } from "./ApiLaneOptions.js";
import type { LaneCall } from "./LaneCall.js";

/**
 * Tallies an answer and writes its log line once its bytes are on the connection.
 *
 * @param whole - whether `end` has been called with the whole body
 */
export type LaneTally = (
  response: ServerResponse,
  call: LaneCall,
  state: RequestState,
  whole: boolean,
) => void;

/**
 * The API lane's tally of each answered request for `/metrics` and its request log line,
 * made once per server: it does nothing when neither is on.
 *
 * @param options - the lane's logger, whether it logs requests, and its tallies
 */
export function createLaneTally(
  options: Pick<ApiLaneOptions, "log" | "logRequests" | "requestTallies">,
): LaneTally {
  const { log, logRequests, requestTallies } = options;

  /**
   * The tally reads the connection's byte count, so it waits for the bytes: at once for a
   * whole answer `end` has handed to its connection, else at `finish` - a streamed list
   * (its last chunk is handed over however long the reading takes) or an answer pipelined
   * behind another, which has no connection yet. Waiting for `finish` always made a
   * listener, its `once` wrapper and an emit per request (~1.7 µs of CPU under the
   * pipeline bench, issue 38's goal 5).
   */
  function tallyWhenSent(
    response: ServerResponse,
    call: LaneCall,
    state: RequestState,
    whole: boolean,
  ): void {
    if (!requestTallies && !logRequests) return;
    if (whole && response.socket !== null) finished(response.req, call, state);
    else response.once("finish", () => finished(response.req, call, state));
  }

  function finished(request: IncomingMessage, call: LaneCall, state: RequestState): void {
    const seconds = (performance.now() - call.start) / 1000;
    requestTallies?.record(state.method, call.outcome, seconds, bytesSent(request.socket));
    if (logRequests) {
      log.info(
        {
          requestId: call.id,
          httpMethod: request.method,
          method: state.method,
          outcome: call.outcome,
          statusCode: 200,
          durationMs: Math.round(seconds * 1000),
        },
        "request",
      );
    }
  }

  return tallyWhenSent;
}
