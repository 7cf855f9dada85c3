import { Readable } from "node:stream";
import { headerNames, jsonContentType } from "@wsafe/schema";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "../errors/ApiError.js";
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

  function timingHeaders(request: FastifyRequest, reply: FastifyReply): void {
    reply.header(names.requestId, request.id);
    reply.header(names.responseTime, String(Math.round(performance.now() - request.wsafe.start)));
  }

  function commonHeaders(request: FastifyRequest, reply: FastifyReply): void {
    timingHeaders(request, reply);
    reply.header("Access-Control-Allow-Origin", corsOrigin);
    reply.header("Access-Control-Expose-Headers", exposed);
    if (corsOrigin !== "*") reply.header("Vary", "Origin");
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
    reply.code(200).header("Content-Type", jsonContentType);
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
    fail(request, reply, error, pretty) {
      if (error.retryAfter !== undefined) reply.header(names.retryAfter, String(error.retryAfter));
      return send(request, reply, { ok: false, error: error.error, description: error.description }, pretty);
    },
    serverError(request, reply, pretty, cause) {
      const body = {
        ok: false,
        error: "server_error",
        description: `internal error; quote request id ${request.id}`,
      };
      return send(request, reply, body, pretty, cause);
    },
  };
}
