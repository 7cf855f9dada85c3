import type { FastifyInstance } from "fastify";
import { createReadinessCheck } from "../health/createReadinessCheck.js";
import { registerHealthRoutes } from "../health/registerHealthRoutes.js";
import type { AppOptions } from "./AppOptions.js";
import { type ApiLane, createApiLane } from "./createApiLane.js";
import { createFastifyInstance } from "./createFastifyInstance.js";
import { createResponder } from "./createResponder.js";
import { createRequestHandler } from "./handleRequest.js";
import { lingerBeforeClose } from "./lingerBeforeClose.js";
import { serverErrorAnswer } from "./methodAnswer.js";
import { registerRequestHooks } from "./registerRequestHooks.js";
import { registerTrpcRoutes } from "./registerTrpcRoutes.js";

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
  let lane: ApiLane | undefined;
  const app = createFastifyInstance({
    tls: options.tls,
    inFlight: options.inFlight,
    logger: options.logger,
    headerPrefix,
    corsOrigin,
    responder,
    lane: () => lane,
  });
  registerRequestHooks(app, options);

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
    requestTallies: options.requestTallies,
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
