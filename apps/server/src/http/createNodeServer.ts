import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { FastifyServerFactory } from "fastify";
import type { ApiLane } from "./createApiLane.js";
import type { RequestsInFlight } from "./RequestsInFlight.js";

/** The Node server under the Fastify application. */
export interface NodeServerOptions {
  /** PEM certificate and key plus TLS settings for HTTPS; absent: plain HTTP. */
  tls: object | undefined;
  /** Node's own limits and timeouts (`headersTimeout`, `requestTimeout`, ...). */
  limits: object;
  /** How long an idle kept-alive connection stays open, in ms. */
  keepAliveTimeoutMs: number;
  /** How long a socket may stay silent before Node closes it, in ms. */
  connectionTimeoutMs: number;
  /** Where every request is counted from its headers until its response closes, whichever lane answers it. */
  inFlight: RequestsInFlight;
  /** The API lane, once the application that owns it is made; until then, none. */
  lane: () => ApiLane | undefined;
}

/**
 * Makes the HTTP(S) server Fastify runs on (its `serverFactory`): each request is
 * counted in flight, then goes to the API lane first, and to Fastify when the lane
 * leaves it.
 *
 * @param options - TLS, Node limits and timeouts, the API lane
 */
export function nodeServerFactory(options: NodeServerOptions): FastifyServerFactory {
  return (handler) => {
    const listener = (request: IncomingMessage, response: ServerResponse): void => {
      options.inFlight.add(request, response);
      if (options.lane()?.(request, response) !== true) handler(request, response);
    };
    const server = options.tls
      ? createHttpsServer({ ...options.tls, ...options.limits }, listener)
      : createHttpServer(options.limits, listener);
    // What Fastify sets on a server it makes itself.
    server.keepAliveTimeout = options.keepAliveTimeoutMs;
    server.setTimeout(options.connectionTimeoutMs);
    return server;
  };
}
