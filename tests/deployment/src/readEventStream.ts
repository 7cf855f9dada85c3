import type { Event } from "@wsafe/schema";
import { Agent, request } from "undici";

/** One event as a reader got it: the record, its SSE id, and when it arrived (ms since the epoch). */
export interface StreamedEvent {
  id: string;
  event: Event;
  arrivedAt: number;
}

/**
 * Reads `events.stream` as raw Server-Sent Events over HTTPS (no tRPC code, no buffering
 * of ours): each message with data is one event, stamped as it arrives, so a proxy that
 * held messages back would show in the stamps.
 *
 * @param baseUrl - the proxy's or a server's URL
 * @param certificate - the PEM certificate it presents
 * @param token - the account's token
 * @param from - replay the events recorded from this instant on first (ms); default none
 * @returns the events as they come, and how to stop reading
 */
export function readEventStream(baseUrl: string, certificate: string, token: string, from?: number) {
  const dispatcher = new Agent({ connect: { ca: certificate } });
  const controller = new AbortController();
  const events: StreamedEvent[] = [];
  const input = encodeURIComponent(JSON.stringify({ token, from }));
  const reading = (async () => {
    const response = await request(`${baseUrl}/trpc/events.stream?input=${input}`, {
      dispatcher,
      signal: controller.signal,
    });
    let buffer = "";
    for await (const chunk of response.body) {
      buffer += String(chunk);
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) => message.match(new RegExp(`^${name}: ?(.*)$`, "m"))?.[1];
        const data = field("data");
        // Named messages are tRPC's own (`connected`, `ping`); an event's message has no name.
        if (data !== undefined && field("event") === undefined)
          events.push({ id: field("id") ?? "", event: JSON.parse(data) as Event, arrivedAt: Date.now() });
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return {
    events,
    async stop() {
      controller.abort();
      await reading;
      await dispatcher.close();
    },
  };
}
