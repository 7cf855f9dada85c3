import type { IncomingMessage, ServerResponse } from "node:http";
import { requestLimits } from "@wsafe/schema";
import { parseMethodPath } from "../pipeline/parseMethodPath.js";
import type { RequestState } from "../pipeline/RequestState.js";
import type { ApiLaneOptions } from "./ApiLaneOptions.js";
import { createLaneAnswerer } from "./createLaneAnswerer.js";
import { createRequestId } from "./createRequestId.js";
import type { LaneCall } from "./LaneCall.js";

/**
 * Answers a request and returns `true`, or returns `false` and leaves the request
 * untouched for Fastify.
 */
export type ApiLane = (request: IncomingMessage, response: ServerResponse) => boolean;

/** A POST body the lane reads itself: its length declared, at least a byte, within the limit. */
function isLaneBodyLength(length: string | undefined): boolean {
  if (length === undefined) return false;
  const bytes = Number(length);
  return bytes > 0 && bytes <= requestLimits.bodyBytes;
}

/**
 * The API lane: the calls most traffic is made of (GET, or POST with a declared body
 * within the limit, on a `/v1/<method>` path) answered straight on Node's request and
 * response, through the same pipeline (ending in the method's handler), bodies and
 * headers as the Fastify route, without the route's per-request machinery (routing,
 * hooks, request and reply objects), which cost more than the pipeline itself
 * (`bench/README.md`, section 1). Everything else - chunked or oversized bodies, other
 * HTTP methods, paths that name no /v1 method (`/trpc/...` among them), a server that
 * is stopping - goes to Fastify, so the answers that need its edge handling keep it. A
 * differential test holds both lanes to the same answers.
 *
 * @param options - the server's services, responder, logger and tallies, and whether it is stopping
 */
export function createApiLane(options: ApiLaneOptions): ApiLane {
  const answer = createLaneAnswerer(options);

  return (request, response) => {
    const httpMethod = request.method;
    if (httpMethod !== "POST" && httpMethod !== "GET") return false;
    const url = request.url ?? "";
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    if (parseMethodPath(path) === undefined) return false;
    const { headers } = request;
    if (headers["transfer-encoding"] !== undefined) return false;
    const length = headers["content-length"];
    if (httpMethod === "GET" ? length !== undefined : !isLaneBodyLength(length)) return false;
    if (options.isDraining()) return false;

    const call: LaneCall = { id: createRequestId(), start: performance.now(), outcome: "ok" };
    const rawQuery = queryAt < 0 ? "" : url.slice(queryAt + 1);
    if (httpMethod === "GET") {
      answer(response, arrived(httpMethod, path, rawQuery, undefined), call);
      return true;
    }
    // Node's parser delivers exactly the declared length, then `end`; a client that
    // leaves first ends nothing, and the connection's close forgets the request.
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
      answer(response, arrived(httpMethod, path, rawQuery, body), call);
    });
    return true;
  };
}

/** A request's state as it arrived, before any check ran. */
function arrived(httpMethod: string, path: string, rawQuery: string, body: Buffer | undefined): RequestState {
  return { httpMethod, path, rawQuery, body, bodyError: undefined, now: Date.now() };
}
