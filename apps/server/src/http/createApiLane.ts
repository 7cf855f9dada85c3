import type { IncomingMessage, ServerResponse } from "node:http";
import { pipeline, Readable } from "node:stream";
import { requestLimits } from "@wsafe/schema";
import type { FastifyBaseLogger } from "fastify";
import { bytesSent } from "../metrics/bytesSent.js";
import type { RequestTallies } from "../metrics/RequestTallies.js";
import { parseMethodPath } from "../pipeline/parseMethodPath.js";
import type { PipelineServices, RequestState } from "../pipeline/RequestState.js";
import { runRequestPipeline } from "../pipeline/runRequestPipeline.js";
import { storeFaultOf } from "../store/database/storeFault.js";
import { createRequestId } from "./createRequestId.js";
import type { Responder } from "./createResponder.js";
import { logRequestFailure } from "./logRequestFailure.js";
import { type Answer, failureAnswer, resultAnswer } from "./methodAnswer.js";
import { serializeBody } from "./serializeBody.js";

/** What the API lane of one server works with: the same services and responder as its Fastify route. */
export interface ApiLaneOptions {
  services: PipelineServices;
  responder: Responder;
  /** Whether the server is stopping: then every request goes to Fastify, which closes connections. */
  isDraining: () => boolean;
  /** The application's logger: failures always, and a line per request when `logRequests`. */
  log: FastifyBaseLogger;
  logRequests: boolean;
  /** Where each answered request is counted for `/metrics`; absent: nothing is counted. */
  requestTallies: RequestTallies | undefined;
}

/**
 * Answers a request and returns `true`, or returns `false` and leaves the request
 * untouched for Fastify.
 */
export type ApiLane = (request: IncomingMessage, response: ServerResponse) => boolean;

/** A POST body the lane reads itself: its length declared, at least a byte, within the limit. */
function isLaneBodyLength(length: string | undefined): boolean {
  if (length === undefined) return false;
  const bytes = Number(length);
  return bytes > 0 && bytes <= requestLimits.bodyBytes;
}

/**
 * The API lane: the calls most traffic is made of (GET, or POST with a declared body
 * within the limit, on a `/v1/<method>` path) answered straight on Node's request and
 * response, through the same pipeline (ending in the method's handler), bodies and
 * headers as the Fastify route, without the route's per-request machinery (routing,
 * hooks, request and reply objects), which cost more than the pipeline itself
 * (`bench/README.md`, section 1). Everything else - chunked or oversized bodies, other
 * HTTP methods, paths that name no /v1 method (`/trpc/...` among them), a server that
 * is stopping - goes to Fastify, so the answers that need its edge handling keep it. A
 * differential test holds both lanes to the same answers.
 *
 * @param options - the server's services, responder, registries and logger
 */
export function createApiLane(options: ApiLaneOptions): ApiLane {
  const { services, responder, log, logRequests, requestTallies } = options;

  /**
   * Runs the pipeline and writes its answer. While no step waits (a warm
   * `resources.list`), all of it runs synchronously here, without a promise.
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

  /** Writes the failure envelope; failures honour `pretty` once the request data was decoded. */
  function failed(response: ServerResponse, state: RequestState, call: LaneCall, error: unknown): void {
    try {
      write(response, state, call, failureAnswer(error, call.id), state.data?.pretty === true);
    } catch (writeError) {
      broken(response, call, writeError);
    }
  }

  /** The last resort: something failed while answering a failure. Logged; the connection is cut. */
  function broken(response: ServerResponse, call: LaneCall, error: unknown): void {
    log.error({ requestId: call.id, err: error }, "answer failed; connection closed");
    response.destroy();
  }

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

  /**
   * Tallies an answer and writes its log line once its bytes are on the connection, whose
   * byte count the tally reads: at once for a whole answer `end` has handed to its
   * connection, else at `finish` - a streamed list (its last chunk is handed over however
   * long the reading takes) or an answer pipelined behind another, which has no connection
   * yet. Waiting for `finish` always made a listener, its `once` wrapper and an emit per
   * request (~1.7 µs of CPU under the pipeline bench, issue 38's goal 5).
   *
   * @param whole - whether `end` has been called with the whole body
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

  return (request, response) => {
    const httpMethod = request.method;
    if (httpMethod !== "POST" && httpMethod !== "GET") return false;
    const url = request.url ?? "";
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (parseMethodPath(path) === undefined) return false;
    const { headers } = request;
    if (headers["transfer-encoding"] !== undefined) return false;
    const length = headers["content-length"];
    if (httpMethod === "GET" ? length !== undefined : !isLaneBodyLength(length)) return false;
    if (options.isDraining()) return false;

    const call: LaneCall = { id: createRequestId(), start: performance.now(), outcome: "ok" };
    const rawQuery = queryAt < 0 ? "" : url.slice(queryAt + 1);
    if (httpMethod === "GET") {
      answer(response, arrived(httpMethod, path, rawQuery, undefined), call);
      return true;
    }
    // Node's parser delivers exactly the declared length, then `end`; a client that
    // leaves first ends nothing, and the connection's close forgets the request.
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      answer(response, arrived(httpMethod, path, rawQuery, body), call);
    });
    return true;
  };
}

/** A request's state as it arrived, before any check ran. */
function arrived(httpMethod: string, path: string, rawQuery: string, body: Buffer | undefined): RequestState {
  return { httpMethod, path, rawQuery, body, bodyError: undefined, now: Date.now() };
}

/** One request in the lane: its id, arrival and how it ended, for its headers, log line and tallies. */
interface LaneCall {
  readonly id: string;
  readonly start: number;
  outcome: string;
}
