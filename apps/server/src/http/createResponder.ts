import { Readable } from "node:stream";
import { headerNames, jsonContentType } from "@wsafe/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoreAvailability } from "../store/StoreAvailability.js";
import { createLaneHeaders } from "./createLaneHeaders.js";
import { logRequestFailure } from "./logRequestFailure.js";
import type { Answer } from "./methodAnswer.js";
import { serializeBody } from "./serializeBody.js";
import "./RequestLogState.js";

/** How a server answers: the header prefix, the CORS origin and HSTS it was started with. */
export interface ResponderOptions {
  headerPrefix: string;
  corsOrigin: string;
  /** `Strict-Transport-Security` value, first on every answer; absent: none. */
  hsts?: string | undefined;
  /** Where a failure that is the store's fault is reported, said once per change; absent: logged in full. */
  storeAvailability?: StoreAvailability;
}

/** Writes the answers of one server: its headers, envelopes and bodies. */
export interface Responder {
  /** The request-id and response-time headers. */
  timingHeaders(request: FastifyRequest, reply: FastifyReply): void;
  /** The request-id, response-time and CORS headers every API answer carries. */
  commonHeaders(request: FastifyRequest, reply: FastifyReply): void;
  /**
   * Answers a CORS pre-flight (OPTIONS): 204, no body, the methods and headers a
   * cross-origin caller may use, cached a day.
   */
  preflight(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  /**
   * Writes an answer through Fastify with HTTP 200: its body (a streamed one as it is
   * read), `Retry-After` when it has one; its outcome is noted for the log line and the
   * tallies, and a cause is logged, never sent.
   */
  answer(request: FastifyRequest, reply: FastifyReply, answer: Answer, pretty: boolean): FastifyReply;
  /**
   * Every header of an API answer written straight to Node by the API lane, as one flat
   * name/value list for `writeHead`: the very names (in lower case, as Fastify sends
   * them), values and order an answer through Fastify carries, HSTS first.
   *
   * @param contentLength - the body's bytes; absent for a streamed body
   */
  laneHeaders(
    requestId: string,
    elapsedMs: number,
    retryAfter: number | undefined,
    contentLength: number | undefined,
  ): string[];
}

/**
 * The answers of one server. Header names and values that do not change per request
 * are made once here rather than on every answer.
 *
 * @param options - the server's header prefix, CORS origin and HSTS
 */
export function createResponder({
  headerPrefix,
  corsOrigin,
  hsts,
  storeAvailability,
}: ResponderOptions): Responder {
  const names = headerNames(headerPrefix);
  const exposed = `${names.requestId}, ${names.responseTime}, ${names.retryAfter}`;
  // Lower case, as Fastify stores and sends header names, so both lanes send the same.
  const requestIdName = names.requestId.toLowerCase();
  const responseTimeName = names.responseTime.toLowerCase();
  const retryAfterName = names.retryAfter.toLowerCase();
  const corsHeaders = ["access-control-allow-origin", corsOrigin, "access-control-expose-headers", exposed];
  if (corsOrigin !== "*") corsHeaders.push("vary", "Origin");
  const laneHeaders = createLaneHeaders({
    requestIdName,
    responseTimeName,
    retryAfterName,
    corsHeaders,
    hsts,
  });

  function timingHeaders(request: FastifyRequest, reply: FastifyReply): void {
    reply.header(requestIdName, request.id);
    reply.header(responseTimeName, String(Math.round(performance.now() - request.wsafe.start)));
  }

  function commonHeaders(request: FastifyRequest, reply: FastifyReply): void {
    timingHeaders(request, reply);
    for (let i = 0; i < corsHeaders.length; i += 2) reply.header(corsHeaders[i]!, corsHeaders[i + 1]);
  }

  function preflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    request.wsafe.outcome = "preflight";
    commonHeaders(request, reply);
    reply.header("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
    reply.header(
      "Access-Control-Allow-Headers",
      (request.headers["access-control-request-headers"] as string | undefined) ?? "Content-Type",
    );
    reply.header("Access-Control-Max-Age", "86400");
    return reply.code(204).send();
  }

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: Answer,
    pretty: boolean,
  ): FastifyReply {
    request.wsafe.outcome = answer.outcome;
    if (answer.cause !== undefined) {
      const failure = { cause: answer.cause, fault: answer.storeFault, startedAt: request.wsafe.start };
      logRequestFailure(request.log, failure, storeAvailability);
    }
    if (answer.retryAfter !== undefined) reply.header(retryAfterName, String(answer.retryAfter));
    commonHeaders(request, reply);
    reply.code(200).header("content-type", jsonContentType);
    const { body } = answer;
    if (body instanceof Readable) {
      // Fastify pipes the stream (waiting for `drain`) and destroys the connection if
      // it fails. Whatever ends the response first also ends the stream, which frees
      // the database cursor, even if the client left before the stream was piped.
      reply.raw.once("close", () => body.destroy());
      if (reply.raw.destroyed) body.destroy();
      return reply.send(body);
    }
    return reply.send(serializeBody(body, pretty));
  }

  return { timingHeaders, commonHeaders, preflight, answer, laneHeaders };
}
