import { methodUrlPath } from "@wsafe/schema";
import { timedPost } from "./timedPost.mjs";

const path = methodUrlPath("events.list");

/**
 * Walks a window of `events.list` to its end, page after page by `next_cursor`, as a
 * client's `paginate()` does, over one keep-alive connection: the first page's time
 * (to its last byte) and the whole walk's.
 *
 * @param {string} url - the server, e.g. `https://127.0.0.1:8443`
 * @param {{ token: string, from: number, to: number, limit: number }} request
 * @returns {Promise<{ events: any[], pages: number, firstPageMs: number, totalMs: number, pageMs: number[] }>}
 */
export async function walkEvents(url, request) {
  /** @type {any[]} */
  const events = [];
  /** @type {number[]} */
  const pageMs = [];
  /** @type {string | undefined} */
  let cursor;
  const start = performance.now();
  do {
    const answer = await timedPost(`${url}${path}`, cursor ? { ...request, cursor } : request, {
      keepBody: true,
    });
    const body = JSON.parse(String(answer.body));
    if (body.ok !== true) throw new Error(`events.list failed: ${String(answer.body).slice(0, 300)}`);
    pageMs.push(answer.ms);
    for (const event of body.events) events.push(event);
    cursor = body.response_metadata.next_cursor || undefined;
  } while (cursor);
  return {
    events,
    pages: pageMs.length,
    firstPageMs: pageMs[0],
    totalMs: performance.now() - start,
    pageMs,
  };
}
