import { PassThrough } from "node:stream";
import { getTRPCErrorFromUnknown, getTRPCErrorShape, type TRPCError } from "@trpc/server";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  connectedFrame,
  EventFrames,
  pingFrame,
  serializedErrorFrame,
  sseHeaders,
} from "../streams/sseFrames.js";
import type { AppRouter } from "../trpc/appRouter.js";
import { streamEventBatches } from "../trpc/eventsStreamProcedure.js";
import type { TrpcContext } from "../trpc/TrpcContext.js";

/** The procedure's path, as tRPC names it to `onError` and in an error's shape. */
const path = "events.stream";

/**
 * What the plain `events.stream` route works with: the same as tRPC's handler of it. The
 * router's `sse` settings (its ping interval, the client's options, the maximum duration)
 * are the route's.
 */
export interface EventsStreamRouteOptions {
  router: AppRouter;
  /** The context of a request, as tRPC's `createContext` makes it. */
  contextOf: (request: FastifyRequest) => TrpcContext;
  /** tRPC's `onError`, told of a stream that fails as tRPC tells it. */
  onError: (failure: {
    error: TRPCError;
    req: FastifyRequest;
    path: string;
    input: unknown;
    ctx: TrpcContext;
    type: "subscription";
  }) => void;
}

/** A stream call's input as tRPC would resolve it, and as it came (for an error's shape). */
interface PlainCall {
  input: Record<string, unknown>;
  sent: Record<string, unknown>;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The call when it is a plain one - a GET, not a batch, its `input` a JSON object - with
 * the last event id merged in as tRPC merges it (`Last-Event-ID`, else `lastEventId` or
 * `Last-Event-Id` in the query). Anything else is tRPC's to answer (`undefined`).
 */
export function plainStreamCall(request: FastifyRequest): PlainCall | undefined {
  if (request.method !== "GET") return undefined;
  const url = request.raw.url ?? "";
  const query = new URLSearchParams(url.includes("?") ? url.slice(url.indexOf("?") + 1) : "");
  if (query.has("batch")) return undefined;
  const text = query.get("input");
  if (text === null) return undefined;
  let sent: unknown;
  try {
    sent = JSON.parse(text);
  } catch {
    return undefined;
  }
  const header = request.headers["last-event-id"];
  if (!isPlainObject(sent) || Array.isArray(header)) return undefined;
  const lastEventId = header ?? query.get("lastEventId") ?? query.get("Last-Event-Id");
  return { sent, input: lastEventId ? { ...sent, lastEventId } : sent };
}

/** Resolves once `body` takes writes again, or the stream ends. */
function drained(body: PassThrough, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      body.off("drain", done);
      body.off("close", done);
      signal.removeEventListener("abort", done);
      resolve();
    };
    body.once("drain", done);
    body.once("close", done);
    signal.addEventListener("abort", done, { once: true });
  });
}

/**
 * Serves `GET /trpc/events.stream` on tRPC's wire without tRPC's per-frame machinery:
 * tRPC 11 sends every event through web streams, a ping timer armed and cleared per
 * value, and three writes (hence three TLS records) per frame, which cost a fan-out
 * about 400 µs of CPU per delivered frame. Here each batch the feed hands a stream (one
 * import's events, usually) is one write, each event's frame is made once per server,
 * and one timer per stream pings it when idle. The bytes, headers, checks, errors and
 * endings are tRPC's (`sseFrames.ts`); a call that is not plain goes to tRPC itself.
 *
 * @param options - the router and the tRPC options the route shares with `/trpc`
 */
export function serveEventsStream(options: EventsStreamRouteOptions) {
  const frames = new EventFrames();
  const config = options.router._def._config;
  const { ping: pinging, client, maxDurationMs } = config.sse ?? {};
  if (!pinging?.enabled || !pinging.intervalMs || !maxDurationMs)
    throw new Error("events.stream's route needs the router's pings and maximum duration set");
  const pingMs = pinging.intervalMs;
  return (request: FastifyRequest, reply: FastifyReply, call: PlainCall): FastifyReply => {
    const ctx = options.contextOf(request);
    const body = new PassThrough();
    const reader = new AbortController();
    const onClose = () => reader.abort();
    reply.raw.once("close", onClose);
    const write = (text: string) => !body.writable || body.write(text);
    const maxDuration = setTimeout(onClose, maxDurationMs);
    const ping = setInterval(() => write(pingFrame), pingMs);
    write(connectedFrame(client ?? {}));

    const pump = async () => {
      try {
        for await (const events of streamEventBatches(ctx, call.input, reader.signal)) {
          ping.refresh();
          if (!write(frames.ofBatch(events))) await drained(body, reader.signal);
        }
      } catch (cause) {
        // A stop ends the stream quietly, as tRPC ends it: the client resumes elsewhere.
        if ((cause as { name?: unknown } | undefined)?.name === "AbortError") return;
        const error = getTRPCErrorFromUnknown(cause);
        options.onError({ error, req: request, path, input: call.sent, ctx, type: "subscription" });
        const shape = getTRPCErrorShape({ config, ctx, error, input: call.sent, path, type: "subscription" });
        if (!reader.signal.aborted) write(serializedErrorFrame(shape));
      }
    };
    void pump()
      .catch((error: unknown) => request.log.error({ err: error }, "events.stream failed"))
      .finally(() => {
        clearTimeout(maxDuration);
        clearInterval(ping);
        reply.raw.off("close", onClose);
        body.end();
      });
    return reply.code(200).headers(sseHeaders).send(body);
  };
}
