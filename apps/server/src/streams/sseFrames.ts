import type { FeedEvent } from "../events/EventFeed.js";
import { eventRecord } from "../events/EventLog.js";

/**
 * The wire of tRPC 11's Server-Sent Events subscriptions (`sseStreamProducer`), written
 * by hand for `events.stream`'s plain calls so that one import's events go out as one
 * write per stream, each event's frame made once per server. Every frame is a field line
 * or two and tRPC's end of an event (`\n\n` after the last line's own `\n`). The suite
 * holds these bytes to tRPC's own producer (`sseFrames.test.ts`) and to the same server's
 * tRPC path (`eventsStreamWire.test.ts`).
 */

/**
 * The headers tRPC answers a subscription with: the `vary` of every tRPC answer, then its
 * `sseHeaders`, named as Fastify writes them.
 */
export const sseHeaders = {
  vary: "trpc-accept, accept",
  "content-type": "text/event-stream",
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
  connection: "keep-alive",
} as const;

/** The first frame: the client's options (how long it waits for a byte before it reconnects). */
export const connectedFrame = (client: { reconnectAfterInactivityMs?: number }) =>
  `event: connected\ndata: ${JSON.stringify(client)}\n\n\n`;

/** What an idle stream sends so that proxies and the client know it lives. */
export const pingFrame = "event: ping\ndata: \n\n\n";

/** The last frame of a stream that failed: the error's tRPC shape; the client does not resume. */
export const serializedErrorFrame = (shape: unknown) =>
  `event: serialized-error\ndata: ${JSON.stringify(shape)}\n\n\n`;

/** A value sent `tracked(id, data)`: the client resumes after `id`. */
export const trackedFrame = (id: string, data: unknown) => `data: ${JSON.stringify(data)}\nid: ${id}\n\n\n`;

/**
 * The frames of recorded events, each made once however many streams send it: the feed
 * hands every stream the same event objects, so a frame is kept as long as its event is
 * (a `WeakMap`: nothing here outlives the streams' batches).
 */
export class EventFrames {
  readonly #made = new WeakMap<FeedEvent, string>();

  /** The frame of one recorded event: its record (never `expected`), tracked by its id. */
  of(event: FeedEvent): string {
    let frame = this.#made.get(event);
    if (frame === undefined) {
      frame = trackedFrame(event.id, eventRecord(event, Date.now()));
      this.#made.set(event, frame);
    }
    return frame;
  }

  /** The frames of a batch, as one text to write at once. */
  ofBatch(events: readonly FeedEvent[]): string {
    let text = "";
    for (const event of events) text += this.of(event);
    return text;
  }
}
