import type { Event } from "@wsafe/schema";
import { request } from "undici";
import { insecureAgent } from "./callApi.js";

/** An `events.stream` read only when asked: see {@link openPausableStream}. */
export interface PausableStream {
  /** The events read so far, with their SSE ids, in order. */
  events: { id: string; event: Event }[];
  /** Whether tRPC's `connected` frame has been read. */
  connected(): boolean;
  /** Reads on until `done` says enough (rejects when the stream ends first). */
  readUntil(done: () => boolean): Promise<void>;
  close(): void;
}

/**
 * Opens `events.stream` over HTTPS with undici, whose body applies backpressure: a chunk
 * not asked for is not read off the socket, so a reader that stops asking is one that
 * stopped reading, and the server's writes to it stop draining once the sockets are full.
 *
 * @param url - the server's URL
 * @param token - the stream's token
 */
export async function openPausableStream(url: string, token: string): Promise<PausableStream> {
  const input = encodeURIComponent(JSON.stringify({ token }));
  const response = await request(`${url}/trpc/events.stream?input=${input}`, { dispatcher: insecureAgent });
  const chunks = response.body[Symbol.asyncIterator]();
  let text = "";
  let connected = false;
  const events: { id: string; event: Event }[] = [];
  const readUntil = async (done: () => boolean) => {
    while (!done()) {
      const next = await chunks.next();
      if (next.done) throw new Error("the stream ended");
      text += String(next.value);
      for (let end = text.indexOf("\n\n"); end >= 0; end = text.indexOf("\n\n")) {
        const message = text.slice(0, end);
        text = text.slice(end + 2);
        const field = (name: string) => message.match(new RegExp(`^${name}: ?(.*)$`, "m"))?.[1];
        const data = field("data");
        if (data !== undefined && field("event") === undefined)
          events.push({ id: field("id") ?? "", event: JSON.parse(data) as Event });
        else if (field("event") === "connected") {
          connected = true;
          events.length = 0;
        }
      }
    }
  };
  return { events, connected: () => connected, readUntil, close: () => response.body.destroy() };
}
