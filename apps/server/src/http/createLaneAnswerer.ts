import type { ServerResponse } from "node:http";
import type { RequestState } from "../pipeline/RequestState.js";
import { runRequestPipeline } from "../pipeline/runRequestPipeline.js";
import { storeFaultOf } from "../store/database/storeFault.js";
import type { ApiLaneOptions } from "./ApiLaneOptions.js";
import { createLaneWriter } from "./createLaneWriter.js";
import type { LaneCall } from "./LaneCall.js";
import { logRequestFailure } from "./logRequestFailure.js";
import { resultAnswer } from "./methodAnswer.js";

/** Runs the pipeline on a request the API lane took, and answers it on its response. */
export type LaneAnswerer = (response: ServerResponse, state: RequestState, call: LaneCall) => void;

/**
 * The API lane's answerer, made once per server: the pipeline (ending in the method's
 * handler), its result or failure turned into an answer, and the answer written.
 *
 * @param options - the lane's services, responder, logger and tallies
 */
export function createLaneAnswerer(options: ApiLaneOptions): LaneAnswerer {
  const { services, log } = options;
  const { write, failed } = createLaneWriter(options);

  /**
   * While no step waits (a warm `resources.list`), all of it runs synchronously here,
   * without a promise.
   */
  function answer(response: ServerResponse, state: RequestState, call: LaneCall): void {
    let result: ReturnType<typeof runRequestPipeline>;
    try {
      result = runRequestPipeline(state, services);
    } catch (error) {
      failed(response, state, call, error);
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (outcome) => answerResult(response, state, call, outcome),
        (error: unknown) => failed(response, state, call, error),
      );
    } else {
      answerResult(response, state, call, result);
    }
  }

  function answerResult(
    response: ServerResponse,
    state: RequestState,
    call: LaneCall,
    result: Awaited<ReturnType<typeof runRequestPipeline>>,
  ): void {
    try {
      const pretty = state.data?.pretty === true;
      const answer = resultAnswer(result, pretty, (error) => {
        call.outcome = "server_error";
        const failure = {
          cause: error,
          fault: storeFaultOf(error),
          startedAt: call.start,
          requestId: call.id,
          message: "list failed after its first bytes were sent; connection closed",
        };
        logRequestFailure(log, failure, services.storeAvailability);
      });
      // Only a streamed list waits for its first chunks; any other result is sent now.
      if (answer instanceof Promise) {
        answer.then(
          (whole) => write(response, state, call, whole, pretty),
          (error: unknown) => failed(response, state, call, error),
        );
      } else {
        write(response, state, call, answer, pretty);
      }
    } catch (error) {
      failed(response, state, call, error);
    }
  }

  return answer;
}
