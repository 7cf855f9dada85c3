import { Readable } from "node:stream";
import { headerNames, jsonContentType } from "@wsafe/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "../errors/ApiError.js";
import { failureBody, serverErrorBody } from "./methodAnswer.js";
import { serializeBody } from "./serializeBody.js";
import "./RequestLogState.js";

/** How a server answers: the header prefix and the CORS origin it was started with. */
export interface ResponderOptions {
  headerPrefix: string;
  corsOrigin: string;
}

/** Writes the answers of one server: its headers, envelopes and bodies. */
export interface Responder {
  /** The request-id and response-time headers. */
  timingHeaders(request: FastifyRequest, reply: FastifyReply): void;
  /** The request-id, response-time and CORS headers every API answer carries. */
  commonHeaders(request: FastifyRequest, reply: FastifyReply): void;
  /** Sends a JSON body (or a streamed one) with HTTP 200; a `cause` is logged, never sent. */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    body: object,
    pretty: boolean,
    cause?: unknown,
  ): FastifyReply;
  /**
   * The headers of an API answer written straight to Node by the API lane, as a flat
   * name/value list for `writeHead`: the very names (in lower case, as Fastify sends
   * them), values and order this responder gives an answer through Fastify, the
   * content type included. HSTS and the length are the caller's.
   */
  laneHeaders(requestId: string, elapsedMs: number, retryAfter: number | undefined): string[];
  /** Sends the failure envelope of an `ApiError` (with `Retry-After` when it has one). */
  fail(request: FastifyRequest, reply: FastifyReply, error: ApiError, pretty: boolean): FastifyReply;
  /** Sends `server_error` for something unforeseen, logging the cause under the request id. */
  serverError(request: FastifyRequest, reply: FastifyReply, pretty: boolean, cause: unknown): FastifyReply;
}

/**
 * The answers of one server. Header names and values that do not change per request
 * are made once here rather than on every answer.
 *
 * @param options - the server's header prefix and CORS origin
 */
export function createResponder({ headerPrefix, corsOrigin }: ResponderOptions): Responder {
  const names = headerNames(headerPrefix);
  const exposed = `${names.requestId}, ${names.responseTime}, ${names.retryAfter}`;
  // Lower case, as Fastify stores and sends header names, so both lanes send the same.
  const requestIdName = names.requestId.toLowerCase();
  const responseTimeName = names.responseTime.toLowerCase();
  const retryAfterName = names.retryAfter.toLowerCase();
  const corsHeaders = ["access-control-allow-origin", corsOrigin, "access-control-expose-headers", exposed];
  if (corsOrigin !== "*") corsHeaders.push("vary", "Origin");
  const laneTail = [...corsHeaders, "content-type", jsonContentType];

  function timingHeaders(request: FastifyRequest, reply: FastifyReply): void {
    reply.header(requestIdName, request.id);
    reply.header(responseTimeName, String(Math.round(performance.now() - request.wsafe.start)));
  }

  function commonHeaders(request: FastifyRequest, reply: FastifyReply): void {
    timingHeaders(request, reply);
    for (let i = 0; i < corsHeaders.length; i += 2) reply.header(corsHeaders[i]!, corsHeaders[i + 1]);
  }

  function laneHeaders(requestId: string, elapsedMs: number, retryAfter: number | undefined): string[] {
    const head = retryAfter === undefined ? [] : [retryAfterName, String(retryAfter)];
    head.push(requestIdName, requestId, responseTimeName, String(Math.round(elapsedMs)));
    return head.concat(laneTail);
  }

  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    body: object,
    pretty: boolean,
    cause?: unknown,
  ): FastifyReply {
    const failure = (body as { ok?: boolean }).ok === false ? (body as { error: string }) : undefined;
    request.wsafe.outcome = failure ? failure.error : "ok";
    if (cause !== undefined) request.log.error({ err: cause }, "request failed");
    commonHeaders(request, reply);
    reply.code(200).header("content-type", jsonContentType);
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

  return {
    timingHeaders,
    commonHeaders,
    send,
    laneHeaders,
    fail(request, reply, error, pretty) {
      if (error.retryAfter !== undefined) reply.header(retryAfterName, String(error.retryAfter));
      return send(request, reply, failureBody(error), pretty);
    },
    serverError(request, reply, pretty, cause) {
      return send(request, reply, serverErrorBody(request.id), pretty, cause);
    },
  };
}
