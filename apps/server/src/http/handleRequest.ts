import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors/ApiError.js";
import { CorsPreflight } from "../pipeline/CorsPreflight.js";
import type { PipelineServices, RequestState } from "../pipeline/RequestState.js";
import { runRequestPipeline } from "../pipeline/runRequestPipeline.js";
import { storeFaultOf } from "../store/database/storeFault.js";
import type { Responder } from "./createResponder.js";
import { logRequestFailure } from "./logRequestFailure.js";
import { failureAnswer, resultAnswer } from "./methodAnswer.js";
import { serveDocs } from "./serveDocs.js";

/** What the request handler of one server works with. */
export interface RequestHandlerOptions {
  responder: Responder;
  services: PipelineServices;
  /** The built docs site to serve for paths that name no method, if any. */
  docsDir: string | undefined;
}

/** Answers a request; `bodyError` is set when Fastify could not read its body. */
export type RequestHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  bodyError?: Error,
) => Promise<FastifyReply>;

/**
 * The edge of every request: runs the pipeline and turns its outcome into the answer
 * (the method's result, the failure envelope, a CORS pre-flight, a docs page).
 * Anything unforeseen becomes `server_error`, its cause logged and never sent.
 *
 * @param options - the server's responder, services and docs site
 */
export function createRequestHandler({
  responder,
  services,
  docsDir,
}: RequestHandlerOptions): RequestHandler {
  return async function handleRequest(request, reply, bodyError) {
    const url = request.raw.url ?? "";
    const queryAt = url.indexOf("?");
    const state: RequestState = {
      httpMethod: request.method,
      path: queryAt < 0 ? url : url.slice(0, queryAt),
      rawQuery: queryAt < 0 ? "" : url.slice(queryAt + 1),
      // The catch-all's parser reads every body as bytes; a request without one has none.
      body: Buffer.isBuffer(request.body) ? request.body : undefined,
      bodyError,
      now: Date.now(),
    };
    try {
      const result = await runRequestPipeline(state, services);
      request.wsafe.method = state.method;
      const pretty = state.data?.pretty === true;
      const answer = resultAnswer(result, pretty, (error) => {
        request.wsafe.outcome = "server_error";
        const failure = {
          cause: error,
          fault: storeFaultOf(error),
          startedAt: request.wsafe.start,
          message: "list failed after its first bytes were sent; connection closed",
        };
        logRequestFailure(request.log, failure, services.storeAvailability);
      });
      // Only a streamed list waits for its first chunk; any other result is sent now,
      // without a promise turn.
      return responder.answer(request, reply, answer instanceof Promise ? await answer : answer, pretty);
    } catch (error) {
      request.wsafe.method = state.method;
      // Failures honour `pretty` once the request data was decoded, and it is a boolean.
      const pretty = state.data?.pretty === true;
      if (error instanceof CorsPreflight) return responder.preflight(request, reply);
      // Only a path that names no method can be a page of the docs site, so API calls
      // never wait on the file system and no file can shadow a method.
      if (
        error instanceof ApiError &&
        error.error === "api_method_not_found" &&
        (await serveDocs(request, reply, state.path, docsDir, responder))
      ) {
        return reply;
      }
      return responder.answer(request, reply, failureAnswer(error, request.id), pretty);
    }
  };
}
