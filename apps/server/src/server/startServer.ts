import { createReadStream } from "node:fs";
import type { Socket } from "node:net";
import { Readable } from "node:stream";
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { pino } from "pino";
import { createDemoDataset } from "../demo/createDemoDataset.js";
import { findDocsFile } from "../docs/findDocsFile.js";
import { ApiError } from "../pipeline/ApiError.js";
import { createRequestId } from "../pipeline/createRequestId.js";
import { decodeRequestData } from "../pipeline/decodeRequestData.js";
import { parseMethodPath } from "../pipeline/parseMethodPath.js";
import { serializeBody } from "../pipeline/serializeBody.js";
import { streamListBody } from "../pipeline/streamListBody.js";
import { defaultRateLimit, RateLimiter } from "../rateLimit/RateLimiter.js";
import { importDataset } from "../store/importDataset.js";
import { openStore } from "../store/openStore.js";
import { createSelfSignedCertificate } from "../tls/createSelfSignedCertificate.js";
import { callMethod } from "../trpc/callMethod.js";
import { StreamedJsonResult } from "../trpc/StreamedJsonResult.js";
import type { RunningServer, ServerOptions } from "./ServerOptions.js";

/** Largest request body accepted: 1 MiB (decisions §1 row 3). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * How long a client may take: to send its headers, and its whole request. Short
 * enough that slow-loris clients are cut within seconds, long enough for a 1 MiB body
 * on a slow link. Node checks them every {@link TIMEOUT_CHECK_INTERVAL_MS}.
 */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 20_000;
const TIMEOUT_CHECK_INTERVAL_MS = 2_000;
/** Node's own limit on the request line plus headers, so also on a GET query string. */
const MAX_HEADER_BYTES = 16 * 1024;

interface RequestState {
  start: number;
  method?: string;
  outcome?: string;
}

declare module "fastify" {
  interface FastifyRequest {
    wsafe: RequestState;
  }
}

// Never log a URL's query string: a GET request carries its token there.
const requestSerializer = (request: { method?: string; url?: string; id?: string }) => ({
  method: request.method,
  path: request.url?.split("?")[0],
});

function loggerOptions(logger: ServerOptions["logger"]): boolean | object {
  if (!logger) return false;
  const base = typeof logger === "object" ? logger : {};
  return {
    level: "info",
    // Asynchronous stdout: a synchronous write per request line cost about a third of
    // the CPU of a resources.list under load (measured with --cpu-prof); pino still
    // flushes what is buffered when the process exits.
    stream: pino.destination({ dest: 1, sync: false }),
    ...base,
    serializers: { req: requestSerializer, ...((base as { serializers?: object }).serializers ?? {}) },
    redact: {
      paths: ["token", "*.token", "req.headers.authorization", "req.headers.cookie"],
      censor: "[redacted]",
    },
  };
}

/**
 * Starts the /v1 service: opens (and migrates) the store, optionally fills it with the
 * demo dataset, and listens. Every request runs the pipeline of decisions §1 and
 * answers HTTP 200 with a JSON body, except CORS pre-flights (204).
 *
 * @param options - see {@link ServerOptions}
 * @example
 * const server = await startServer({ port: 0, database: "memory://", demo: true });
 * console.log(server.url); // https://127.0.0.1:49152
 * await server.close();
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const prefix = options.headerPrefix ?? "SVC";
  const corsOrigin = options.corsOrigin ?? "*";
  const docsDir = options.docsDir || undefined;
  const tls = options.http ? undefined : (options.tls ?? (await createSelfSignedCertificate()));

  const store = await openStore(options.database);
  let rateLimiter: RateLimiter | undefined;
  try {
    if (options.demo && (await store.isEmpty())) await importDataset(store, createDemoDataset());
    if (options.readCache !== false) await store.startReadCache();
    rateLimiter = await RateLimiter.create(options.rateLimit ?? defaultRateLimit, options.redisUrl);
  } catch (error) {
    await store.close();
    throw error;
  }
  const limiter = rateLimiter;

  const nodeServerOptions = {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    maxHeaderSize: MAX_HEADER_BYTES,
  };
  const app = Fastify({
    ...(tls
      ? { https: { cert: tls.cert, key: tls.key, minVersion: "TLSv1.2" as const, ...nodeServerOptions } }
      : { http: nodeServerOptions }),
    bodyLimit: BODY_LIMIT,
    logger: loggerOptions(options.logger),
    // Fastify's own request lines would print the URL, and a GET URL carries the token.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "requestId" }),
    genReqId: () => createRequestId(),
    requestIdHeader: false,
    connectionTimeout: 60_000,
    keepAliveTimeout: 10_000,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // While closing, a request that still arrives on a kept-alive connection is served
    // like any other (and its connection then closed), never answered with a bare 503.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    // A request line and headers over Node's limit (a long GET query string) never
    // reach a route; answer it with our envelope rather than a bare 431.
    clientErrorHandler: (error, socket) => answerClientError(error, socket, prefix, corsOrigin),
    // A URL the router cannot decode still gets our envelope: it names no method.
    frameworkErrors: (error, request, reply) => {
      if (!request.wsafe) request.wsafe = { start: performance.now() };
      void send(
        request,
        reply,
        { ok: false, error: "api_method_not_found", description: "no such method" },
        false,
        error,
      );
    },
  });

  app.decorateRequest("wsafe", null as unknown as RequestState);
  // Hooks take a callback rather than being async: an async hook costs a promise and a
  // microtask turn on every request.
  app.addHook("onRequest", (request, _reply, done) => {
    request.wsafe = { start: performance.now() };
    // decisions §1 row 3 accepts a body of any Content-Type, even a malformed one that
    // Fastify would refuse before our raw-bytes parser runs; we decode the bytes
    // ourselves, so the declared type is irrelevant.
    if (request.method !== "GET" && request.method !== "HEAD") {
      request.headers["content-type"] = "application/octet-stream";
    }
    done();
  });
  // Without a logger there is nobody to tell; the hook would only cost time.
  if (options.logger) {
    app.addHook("onResponse", (request, reply, done) => {
      request.log.info(
        {
          httpMethod: request.method,
          method: request.wsafe?.method,
          outcome: request.wsafe?.outcome,
          statusCode: reply.statusCode,
          durationMs: Math.round(reply.elapsedTime),
        },
        "request",
      );
      done();
    });
  }

  // Every body is accepted as raw bytes whatever its Content-Type: decisions §1 row 3
  // decodes it ourselves, so JSON sent as text/plain or without a type works.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  function commonHeaders(request: FastifyRequest, reply: FastifyReply) {
    reply.header(`${prefix}-Request-ID`, request.id);
    reply.header(`${prefix}-Response-Time`, String(Math.round(performance.now() - request.wsafe.start)));
    reply.header("Access-Control-Allow-Origin", corsOrigin);
    reply.header(
      "Access-Control-Expose-Headers",
      `${prefix}-Request-ID, ${prefix}-Response-Time, Retry-After`,
    );
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
    reply.code(200).header("Content-Type", "application/json; charset=utf-8");
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

  /**
   * The body of a method's result. A streamed list is read as it is sent, except with
   * `pretty`, whose indenting needs the whole tree: that keeps the whole-body path.
   */
  async function resultBody(request: FastifyRequest, result: object, pretty: boolean): Promise<object> {
    if (!(result instanceof StreamedJsonResult)) return result;
    if (pretty) return result.toRawJsonResult();
    return streamListBody(result, (error) => {
      request.wsafe.outcome = "server_error";
      request.log.error({ err: error }, "list failed after its first bytes were sent; connection closed");
    });
  }

  function fail(
    request: FastifyRequest,
    reply: FastifyReply,
    error: ApiError,
    pretty: boolean,
  ): FastifyReply {
    if (error.retryAfter !== undefined) reply.header("Retry-After", String(error.retryAfter));
    return send(request, reply, { ok: false, error: error.error, description: error.description }, pretty);
  }

  async function serveDocs(request: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
    if (!docsDir || (request.method !== "GET" && request.method !== "HEAD")) return false;
    const file = await findDocsFile(docsDir, path);
    if (!file) return false;
    request.wsafe.outcome = "docs";
    reply.header(`${prefix}-Request-ID`, request.id);
    reply.header(`${prefix}-Response-Time`, String(Math.round(performance.now() - request.wsafe.start)));
    reply.code(200).header("Content-Type", file.contentType).header("Content-Length", String(file.size));
    if (request.method === "HEAD") {
      await reply.send();
    } else {
      await reply.send(createReadStream(file.path));
    }
    return true;
  }

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    bodyError?: Error,
  ): Promise<FastifyReply> {
    const [path = "", ...rest] = request.raw.url?.split("?") ?? [];
    const rawQuery = rest.join("?");

    // Row 1: the path names a method. Only a path that names none can be a page of the
    // docs site, so API calls never wait on the file system and no file can shadow a method.
    const method = parseMethodPath(path);
    if (!method) {
      if (await serveDocs(request, reply, path)) return reply;
      return fail(request, reply, new ApiError("api_method_not_found", `no such method: ${path}`), false);
    }
    request.wsafe.method = method;
    // Row 2: GET or POST; OPTIONS is a CORS pre-flight.
    if (request.method === "OPTIONS") {
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
    if (request.method !== "GET" && request.method !== "POST") {
      return fail(
        request,
        reply,
        new ApiError(
          "request_method_invalid",
          `HTTP method ${request.method} is not allowed; use GET or POST`,
        ),
        false,
      );
    }
    // Row 3: the request data.
    let data: Record<string, unknown>;
    try {
      if (bodyError) {
        const tooLarge = (bodyError as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE";
        throw new ApiError(
          "request_data_invalid",
          tooLarge ? `request body exceeds ${BODY_LIMIT} bytes` : "request body could not be read",
        );
      }
      data = decodeRequestData(request.method, rawQuery, request.body as Buffer | undefined);
    } catch (error) {
      if (error instanceof ApiError) return fail(request, reply, error, false);
      throw error;
    }
    // From here on failures honour `pretty`, when it is a proper boolean.
    const pretty = data.pretty === true;
    try {
      const result = await callMethod({ store, rateLimiter: limiter, now: Date.now() }, method, data);
      return send(request, reply, await resultBody(request, result, pretty), pretty);
    } catch (error) {
      if (error instanceof ApiError) return fail(request, reply, error, pretty);
      return send(
        request,
        reply,
        { ok: false, error: "server_error", description: `internal error; quote request id ${request.id}` },
        pretty,
        error,
      );
    }
  }

  app.all("*", (request, reply) => handle(request, reply));
  app.setNotFoundHandler((request, reply) => handle(request, reply));
  app.setErrorHandler(async (error, request, reply) => {
    if (!request.wsafe) request.wsafe = { start: performance.now() };
    const code = (error as { code?: string }).code ?? "";
    if (code.startsWith("FST_ERR_CTP_")) return handle(request, reply, error as Error);
    return send(
      request,
      reply,
      { ok: false, error: "server_error", description: `internal error; quote request id ${request.id}` },
      false,
      error,
    );
  });

  try {
    await app.listen({ port: options.port ?? 8443, host: options.host ?? "127.0.0.1" });
  } catch (error) {
    await app.close().catch(() => {});
    await limiter.close();
    await store.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? 8443);
  const host = options.host ?? "127.0.0.1";
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `${tls ? "https" : "http"}://${urlHost}:${port}`,
    port,
    close() {
      closing ??= (async () => {
        await app.close();
        await limiter.close();
        await store.close();
        // Hand the buffered log lines to stdout before the caller exits.
        (app.log as { flush?: () => void }).flush?.();
      })();
      return closing;
    },
  };
}

/**
 * Answers an HTTP-level client error that never reached a route. An oversized request
 * line or header block gets the JSON envelope (`request_data_invalid`, HTTP 200) like
 * every other bad request data; timeouts and unparseable HTTP get a short status line
 * and the connection is closed, since no request reached the service.
 */
function answerClientError(error: Error, socket: Socket, prefix: string, corsOrigin: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const code = (error as { code?: string }).code;
  if (code === "HPE_HEADER_OVERFLOW") {
    const body = JSON.stringify({
      ok: false,
      error: "request_data_invalid",
      description: `request line and headers exceed ${MAX_HEADER_BYTES} bytes; send large request data with POST`,
    });
    socket.end(
      [
        "HTTP/1.1 200 OK",
        "Content-Type: application/json; charset=utf-8",
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${prefix}-Request-ID: ${createRequestId()}`,
        `${prefix}-Response-Time: 0`,
        `Access-Control-Allow-Origin: ${corsOrigin}`,
        "Connection: close",
        "",
        body,
      ].join("\r\n"),
    );
    return;
  }
  const status = code === "ERR_HTTP_REQUEST_TIMEOUT" ? "408 Request Timeout" : "400 Bad Request";
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
