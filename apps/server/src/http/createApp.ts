import { requestLimits } from "@wsafe/schema";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { ApiError } from "../errors/ApiError.js";
import { createReadinessCheck } from "../health/createReadinessCheck.js";
import type { MigrationWatch } from "../health/MigrationWatch.js";
import { registerHealthRoutes } from "../health/registerHealthRoutes.js";
import { bytesSent } from "../metrics/bytesSent.js";
import type { RequestTallies } from "../metrics/RequestTallies.js";
import type { PipelineServices } from "../pipeline/RequestState.js";
import { serverTlsOptions } from "../tls/serverTlsOptions.js";
import { trpcPrefix } from "../trpc/trpcPrefix.js";
import { answerClientError } from "./answerClientError.js";
import { type ApiLane, createApiLane } from "./createApiLane.js";
import { nodeServerFactory } from "./createNodeServer.js";
import { createRequestId } from "./createRequestId.js";
import { createResponder } from "./createResponder.js";
import { createRequestHandler } from "./handleRequest.js";
import { lingerBeforeClose } from "./lingerBeforeClose.js";
import { loggerOptions } from "./loggerOptions.js";
import { failureAnswer, serverErrorAnswer } from "./methodAnswer.js";
import type { RequestLogState } from "./RequestLogState.js";
import type { RequestsInFlight } from "./RequestsInFlight.js";
import { registerTrpcRoutes } from "./registerTrpcRoutes.js";

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

const trpcPathStart = `${trpcPrefix}/`;
/** Whether a request URL is the tRPC router's (`/trpc/...`). */
const isTrpcPath = (url: string) => url.startsWith(trpcPathStart);

/** What the Fastify application of one server is made from. */
export interface AppOptions {
  /** How often an idle `events.stream` is pinged (ms); default 15 s. */
  streamPingMs?: number | undefined;
  services: PipelineServices;
  /** PEM certificate and key for HTTPS; absent: plain HTTP. */
  tls: { cert: string; key: string } | undefined;
  headerPrefix: string;
  corsOrigin: string;
  docsDir: string | undefined;
  logger: boolean | object | undefined;
  /** Whether the server is stopping: `/readyz` then answers 503 `draining`. */
  isDraining: () => boolean;
  /** The watch of the store's migrations, which `/readyz` asks. */
  migrations: MigrationWatch;
  /** The server's version label, in every `/readyz` answer. */
  version: string;
  /** Where the requests begun and not yet finished are counted, for a stop that overruns. */
  inFlight: RequestsInFlight;
  /** `Strict-Transport-Security` value sent on every answer; absent: none. */
  hsts?: string;
  /** Where each answered request is counted for `/metrics`; absent: nothing is counted. */
  requestTallies?: RequestTallies;
}

/**
 * The Fastify application of the service: one catch-all route into the request
 * pipeline, the tRPC router at `/trpc`, `/healthz` and `/readyz` beside it, every body taken as raw bytes, Node's limits and timeouts, and our envelope
 * for what fails before a route (an unreadable URL, an oversized header block).
 *
 * @param options - services, TLS, header prefix, CORS origin, docs site, logging
 */
export function createApp(options: AppOptions): FastifyInstance {
  const { headerPrefix, corsOrigin, hsts } = options;
  const { storeAvailability } = options.services;
  const responder = createResponder({ headerPrefix, corsOrigin, hsts, storeAvailability });
  const handle = createRequestHandler({ responder, services: options.services, docsDir: options.docsDir });
  const nodeServerOptions = {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    // Node's own limit on the request line plus headers, so also on a GET query string.
    maxHeaderSize: requestLimits.headerBytes,
  };
  let lane: ApiLane | undefined;
  const app = Fastify({
    serverFactory: nodeServerFactory({
      tls: options.tls ? { cert: options.tls.cert, key: options.tls.key, ...serverTlsOptions } : undefined,
      limits: nodeServerOptions,
      keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
      inFlight: options.inFlight,
      lane: () => lane,
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

  app.decorateRequest("wsafe", null as unknown as RequestLogState);
  // Hooks take a callback rather than being async: an async hook costs a promise and a
  // microtask turn on every request.
  app.addHook("onRequest", (request, reply, done) => {
    request.wsafe = { start: performance.now() };
    // The request data check accepts a body of any Content-Type, even a malformed one
    // that Fastify would refuse before our raw-bytes parser runs; we decode the bytes
    // ourselves, so the declared type is irrelevant. Not on `/trpc`: tRPC reads its
    // bodies by their type.
    if (request.method !== "GET" && request.method !== "HEAD" && !isTrpcPath(request.url)) {
      request.headers["content-type"] = "application/octet-stream";
    }
    // Here rather than in the responder, so docs pages and every other route carry it too.
    if (hsts) reply.header("Strict-Transport-Security", hsts);
    done();
  });
  // Without a logger there is nobody to tell; the hook would only cost time.
  if (options.logger) {
    app.addHook("onResponse", (request, reply, done) => {
      const line = {
        httpMethod: request.method,
        method: request.wsafe?.method,
        outcome: request.wsafe?.outcome,
        statusCode: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
      };
      // A page view of the docs site fetches a dozen assets or more: at info they
      // drowned the API's lines (about 90 for a few pages). They stay at debug.
      if (line.outcome === "docs") request.log.debug(line, "request");
      else request.log.info(line, "request");
      done();
    });
  }

  const tallies = options.requestTallies;
  if (tallies) {
    app.addHook("onResponse", (request, reply, done) => {
      // Always read, so a kept-alive connection's next answer counts only its own bytes.
      const bytes = bytesSent(request.raw.socket);
      const { method, outcome } = request.wsafe;
      // Health checks are not traffic: a load balancer asks every second or so.
      if (outcome !== undefined && outcome !== "readiness")
        tallies.record(method, outcome, reply.elapsedTime / 1000, bytes);
      done();
    });
  }

  // Every body is accepted as raw bytes whatever its Content-Type: the request data
  // check decodes it, so JSON sent as text/plain or without a type works.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  lane = createApiLane({
    services: options.services,
    responder,
    isDraining: options.isDraining,
    log: app.log,
    logRequests: Boolean(options.logger),
    requestTallies: tallies,
  });

  registerHealthRoutes(
    app,
    createReadinessCheck({
      ...options.services,
      migrations: options.migrations,
      version: options.version,
      isDraining: options.isDraining,
    }),
  );
  // Beside the catch-all, which routes only what no other route takes: `/trpc/<path>`
  // reaches tRPC, `/trpc/` or `/trpc/a/b` the pipeline (`api_method_not_found`) or docs.
  registerTrpcRoutes(app, {
    services: options.services,
    responder,
    headerPrefix,
    streamPingMs: options.streamPingMs,
  });
  app.all("*", (request, reply) => handle(request, reply));
  app.setNotFoundHandler((request, reply) => handle(request, reply));
  app.setErrorHandler(async (error, request, reply) => {
    if (!request.wsafe) request.wsafe = { start: performance.now() };
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("FST_ERR_CTP_")) {
      // The body is left unread: close after a linger, or the close can reset the answer away.
      lingerBeforeClose(request.raw.socket);
      return handle(request, reply, error as Error);
    }
    return responder.answer(request, reply, serverErrorAnswer(request.id, error), false);
  });
  return app;
}
