import type { FastifyInstance } from "fastify";
import { bytesSent } from "../metrics/bytesSent.js";
import { trpcPrefix } from "../trpc/trpcPrefix.js";
import type { AppOptions } from "./AppOptions.js";
import type { RequestLogState } from "./RequestLogState.js";

const trpcPathStart = `${trpcPrefix}/`;
/** Whether a request URL is the tRPC router's (`/trpc/...`). */
const isTrpcPath = (url: string) => url.startsWith(trpcPathStart);

/**
 * The hooks every request through Fastify passes: its start and raw body type on the way
 * in, with the HSTS header; its log line and its tally on the way out, each only when on.
 *
 * @param app - the application, before its routes
 * @param options - the HSTS value, the logger, and where requests are tallied
 */
export function registerRequestHooks(
  app: FastifyInstance,
  options: Pick<AppOptions, "hsts" | "logger" | "requestTallies">,
): void {
  const { hsts } = options;
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
}
