import { Readable } from "node:stream";
import { methodUrlPath, requestMediaType } from "@wsafe/schema";
import { Pool } from "undici";
import { type RequestCase, requestTarget } from "./requestCase.js";

/** What came back, bytes and all. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Wall time from sending to the last byte, milliseconds. */
  elapsedMs: number;
}

/**
 * A keep-alive pool of a few TLS sockets to one server. The server's certificate is
 * self-signed for localhost; the suite tests the service, not the PKI, so it does
 * not verify the chain.
 *
 * @param url - `https://127.0.0.1:PORT`
 * @param connections - sockets kept open
 */
export function openPool(url: string, connections = 4): Pool {
  return new Pool(url, {
    connections,
    pipelining: 1,
    connect: { rejectUnauthorized: false },
    keepAliveTimeout: 30_000,
    headersTimeout: 20_000,
    bodyTimeout: 20_000,
  });
}

/**
 * Sends one case as is. `chunked` sends the body as a stream, so it travels with
 * `Transfer-Encoding: chunked` and no `Content-Length` the server could check first.
 */
export async function send(pool: Pool, request: RequestCase): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (request.contentType !== undefined) headers["content-type"] = request.contentType;
  let body: Buffer | Readable | undefined;
  if (request.body !== undefined) {
    const bytes = Buffer.from(request.body);
    body = request.chunked ? Readable.from(chunks(bytes, 64 * 1024)) : bytes;
  }
  const started = performance.now();
  const response = await pool.request({
    method: request.method,
    path: requestTarget(request),
    headers,
    body,
  });
  const received = Buffer.from(await response.body.arrayBuffer());
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return {
    status: response.statusCode,
    headers: flat,
    body: received,
    elapsedMs: performance.now() - started,
  };
}

function* chunks(bytes: Buffer, size: number): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

/** Runs `work` over `items` with at most `width` in flight; results in input order. */
export async function mapConcurrent<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<R>,
) {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** A POST of request data to a method, the way a well-behaved client sends it. */
export function call(method: string, data: unknown, label = method): RequestCase {
  return {
    method: "POST",
    path: methodUrlPath(method),
    query: undefined,
    body: Buffer.from(JSON.stringify(data)),
    contentType: requestMediaType,
    label,
  };
}

/** Parses an answer's body as JSON (throws with the text when it is not). */
export function json(answer: Answer): Record<string, unknown> {
  try {
    return JSON.parse(answer.body.toString("utf8")) as Record<string, unknown>;
  } catch {
    throw new Error(`not JSON (HTTP ${answer.status}): ${answer.body.toString("utf8").slice(0, 500)}`);
  }
}

/** Closes a pool unless a test already did. */
export async function closePool(pool: Pool | undefined): Promise<void> {
  if (pool && !pool.closed && !pool.destroyed) await pool.close();
}
