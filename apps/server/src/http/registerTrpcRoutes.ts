import { getTRPCErrorShape, TRPCError } from "@trpc/server";
import {
  type FastifyTRPCPluginOptions,
  fastifyRequestHandler,
  fastifyTRPCPlugin,
} from "@trpc/server/adapters/fastify";
import { headerNames } from "@wsafe/schema";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors/ApiError.js";
import { trpcMethod } from "../metrics/RequestTallies.js";
import { unreadableBody } from "../pipeline/edgeChecks.js";
import type { PipelineServices } from "../pipeline/RequestState.js";
import { storeFaultOf } from "../store/database/storeFault.js";
import { type AppRouter, createAppRouter } from "../trpc/appRouter.js";
import type { TrpcContext } from "../trpc/TrpcContext.js";
import { identifierOf } from "../trpc/trpcErrorCodes.js";
import { trpcPrefix } from "../trpc/trpcPrefix.js";
import type { Responder } from "./createResponder.js";
import { logRequestFailure } from "./logRequestFailure.js";
import { plainStreamCall, serveEventsStream } from "./serveEventsStream.js";

/** What the `/trpc` routes of one server work with: the same services and responder as `/v1`. */
export interface TrpcRoutesOptions {
  services: PipelineServices;
  responder: Responder;
  headerPrefix: string;
  /** How often an idle `events.stream` is pinged (ms); default 15 s. */
  streamPingMs?: number | undefined;
}

/** The largest `Retry-After` among a response's failed calls, if any was rate limited. */
function retryAfterOf(errors: readonly TRPCError[]): number | undefined {
  let seconds: number | undefined;
  for (const error of errors) {
    const after = error.cause instanceof ApiError ? error.cause.retryAfter : undefined;
    if (after !== undefined && (seconds === undefined || after > seconds)) seconds = after;
  }
  return seconds;
}

/**
 * Serves the server's tRPC router (`createAppRouter`) with tRPC's own Fastify adapter (`fastifyTRPCPlugin`) under
 * `/trpc`: GET for queries, POST too (`allowMethodOverride`, so request data too long
 * for a URL can travel in a body, as on `/v1`), batches as tRPC's links send them.
 * In a scope of its own, so that tRPC reads its bodies as tRPC does (text, by their
 * Content-Type) while `/v1` keeps its raw bytes. Every answer carries `SVC-Request-ID`,
 * `SVC-Response-Time` and the CORS headers of `/v1`, an OPTIONS pre-flight gets `/v1`'s
 * answer, a rate-limited call `Retry-After`; each request is counted under the one
 * `method` label `trpc` and logged like any other.
 *
 * @param app - the server's Fastify application
 * @param options - the services and responder the `/v1` routes use
 */
export function registerTrpcRoutes(app: FastifyInstance, options: TrpcRoutesOptions): void {
  const { services, responder } = options;
  const appRouter = createAppRouter({
    streamPingMs: options.streamPingMs,
    streamMaxDurationMs: services.streams.settings.maxDurationMs,
  });
  const retryAfterName = headerNames(options.headerPrefix).retryAfter;
  const contextOf = (req: FastifyRequest): TrpcContext => ({
    services,
    requestId: req.id,
    httpMethod: req.method,
    now: Date.now(),
    cut: () => req.raw.socket?.destroy(),
  });
  const onError = ({ error, req }: { error: TRPCError; req: FastifyRequest }) => {
    const identifier = identifierOf(error);
    // A batch is one request: it counts as ok or as the first failure reported.
    req.wsafe.outcome ??= identifier;
    if (identifier === "server_error") {
      const cause = error.cause ?? error;
      const failure = { cause, fault: storeFaultOf(cause), startedAt: req.wsafe.start };
      logRequestFailure(req.log, failure, services.storeAvailability);
    }
  };
  const trpcOptions: FastifyTRPCPluginOptions<AppRouter>["trpcOptions"] = {
    router: appRouter,
    allowMethodOverride: true,
    createContext: ({ req }) => contextOf(req),
    onError,
    responseMeta: ({ errors }) => {
      const seconds = retryAfterOf(errors);
      return seconds === undefined ? {} : { headers: { [retryAfterName]: String(seconds) } };
    },
  };

  app.register(async (scope) => {
    // Bodies as text whatever their type: tRPC's plugin adds its own JSON parser, and
    // hands any other body to tRPC, which answers an unsupported type with its error.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.addHook("onRequest", (request, reply, done) => {
      request.wsafe.method = trpcMethod;
      // A browser asks before a cross-origin POST of JSON; `/v1` answers it the same way.
      // An answer sent here ends the request: no `done()` then.
      if (request.method === "OPTIONS") responder.preflight(request, reply);
      else done();
    });
    scope.addHook("onSend", (request, reply, payload, done) => {
      request.wsafe.outcome ??= "ok";
      responder.commonHeaders(request, reply);
      done(null, payload);
    });
    scope.setErrorHandler((error, request, reply) => answerUnreadableBody(appRouter, error, request, reply));
    // A plain `events.stream` call is served on tRPC's wire by hand, a batch of events a
    // write (`serveEventsStream.ts`); any other (a POST, a batch, odd input) goes to tRPC.
    const plainStream = serveEventsStream({ router: appRouter, contextOf, onError });
    scope.get(`${trpcPrefix}/events.stream`, { exposeHeadRoute: false }, async (request, reply) => {
      const call = plainStreamCall(request);
      if (call) return plainStream(request, reply, call);
      await fastifyRequestHandler({ ...trpcOptions, req: request, res: reply, path: "events.stream" });
      return reply;
    });
    await scope.register(fastifyTRPCPlugin, { prefix: trpcPrefix, trpcOptions });
  });
}

/**
 * What fails before tRPC sees the request (a body over the limit) still answers as tRPC
 * answers a request it cannot read: its error shape, with our identifier.
 */
function answerUnreadableBody(
  appRouter: AppRouter,
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const cause = unreadableBody(error as Error);
  const tooLarge = (error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE";
  const trpcError = new TRPCError({ code: tooLarge ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", cause });
  request.wsafe.outcome = identifierOf(trpcError);
  const shape = getTRPCErrorShape({
    config: appRouter._def._config,
    error: trpcError,
    type: "unknown",
    path: undefined,
    input: undefined,
    ctx: undefined,
  });
  return reply.code(shape.data.httpStatus).header("content-type", "application/json").send({ error: shape });
}
