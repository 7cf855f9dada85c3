import { requestLimits } from "@wsafe/schema";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { ApiError } from "../errors/ApiError.js";
import { serverTlsOptions } from "../tls/serverTlsOptions.js";
import type { AppOptions } from "./AppOptions.js";
import { answerClientError } from "./answerClientError.js";
import type { ApiLane } from "./createApiLane.js";
import { nodeServerFactory } from "./createNodeServer.js";
import { createRequestId } from "./createRequestId.js";
import type { Responder } from "./createResponder.js";
import { loggerOptions } from "./loggerOptions.js";
import { failureAnswer } from "./methodAnswer.js";

/**
 * How long a client may take: to send its headers, and its whole request. Short
 * enough that slow-loris clients are cut within seconds, long enough for a 1 MiB body
 * on a slow link. Node checks them every {@link TIMEOUT_CHECK_INTERVAL_MS}, whether a
 * connection is open or not: the check wakes an idle server, so it runs every 5 s (a
 * slow client is cut 15 or 25 s after it began at worst, SECURITY.md's bound is 30 s).
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 20_000;
const TIMEOUT_CHECK_INTERVAL_MS = 5_000;
/** How long an idle kept-alive connection stays open. */
const KEEP_ALIVE_TIMEOUT_MS = 10_000;
/** How long a socket may stay silent before Node closes it. */
const CONNECTION_TIMEOUT_MS = 60_000;

/** What the Fastify instance is made from: the application's edge options, its responder and its API lane. */
export interface FastifyInstanceOptions
  extends Pick<AppOptions, "tls" | "inFlight" | "logger" | "headerPrefix" | "corsOrigin"> {
  responder: Responder;
  /** The API lane, once the application that owns it is made; until then, none. */
  lane: () => ApiLane | undefined;
}

/**
 * The Fastify instance of one server, before any hook or route: our Node server (TLS,
 * Node's limits and timeouts, the API lane in front), the body limit, the logger, request
 * ids, a graceful close, and our envelope for what fails before a route (an oversized
 * header block, a URL the router cannot decode).
 *
 * @param options - TLS, requests in flight, logging, the answers' header prefix and CORS origin, the responder, the lane
 */
export function createFastifyInstance(options: FastifyInstanceOptions): FastifyInstance {
  const { headerPrefix, corsOrigin, responder } = options;
  const nodeServerOptions = {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    // Node's own limit on the request line plus headers, so also on a GET query string.
    maxHeaderSize: requestLimits.headerBytes,
  };
  return Fastify({
    serverFactory: nodeServerFactory({
      tls: options.tls ? { cert: options.tls.cert, key: options.tls.key, ...serverTlsOptions } : undefined,
      limits: nodeServerOptions,
      keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
      inFlight: options.inFlight,
      lane: options.lane,
    }),
    bodyLimit: requestLimits.bodyBytes,
    logger: loggerOptions(options.logger),
    // Fastify's own request lines would print the URL, and a GET URL carries the token.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "requestId" }),
    genReqId: () => createRequestId(),
    requestIdHeader: false,
    // While closing, a request that still arrives on a kept-alive connection is served
    // like any other (and its connection then closed), never answered with a bare 503.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    // A request line and headers over Node's limit (a long GET query string) never
    // reach a route; answer it with our envelope rather than a bare 431.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, headerPrefix, corsOrigin),
    // A URL the router cannot decode still gets our envelope: it names no method.
    frameworkErrors: (error, request, reply) => {
      if (!request.wsafe) request.wsafe = { start: performance.now() };
      const notFound = failureAnswer(new ApiError("api_method_not_found", "no such method"), request.id);
      void responder.answer(request, reply, { ...notFound, cause: error }, false);
    },
  });
}
