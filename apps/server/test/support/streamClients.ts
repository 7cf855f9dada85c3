import { createTRPCClient, httpSubscriptionLink } from "@trpc/client";
import type { Event, EventsStreamParams } from "@wsafe/schema";
import { EventSource } from "eventsource";
import { fetch as undiciFetch } from "undici";
import type { AppRouter } from "../../src/index.js";
import { insecureAgent } from "./callApi.js";

/** undici's fetch with the agent that accepts the test certificate, for both readers. */
const testFetch = ((url: string | URL, init?: object) =>
  undiciFetch(url, { ...init, dispatcher: insecureAgent })) as unknown as typeof globalThis.fetch;

/** An EventSource over the test certificate, sending `headers` (`Last-Event-ID`) with its first request. */
function testEventSource(headers: Record<string, string> = {}) {
  return class extends EventSource {
    constructor(url: string | URL, init?: ConstructorParameters<typeof EventSource>[1]) {
      super(url, {
        ...init,
        fetch: (input, requestInit) =>
          testFetch(input, { ...requestInit, headers: { ...requestInit?.headers, ...headers } }),
      });
    }
  };
}

/** What a reader has received: the events, in order, and the failure it ended with, if any. */
export interface StreamReading {
  events: Event[];
  /** SSE ids, in order (tRPC's `tracked()` id: the event's id). */
  ids: string[];
  error?: { code?: string; message: string };
  close(): void;
}

/**
 * Follows `events.stream` with a real `@trpc/client` (`httpSubscriptionLink`, typed by
 * `AppRouter`), collecting what arrives.
 *
 * @param baseUrl - the server's URL
 * @param input - the subscription's input
 */
export function followWithTrpc(baseUrl: string, input: EventsStreamParams): StreamReading {
  const client = createTRPCClient<AppRouter>({
    links: [httpSubscriptionLink({ url: `${baseUrl}/trpc`, EventSource: testEventSource() })],
  });
  const reading: StreamReading = { events: [], ids: [], close: () => subscription.unsubscribe() };
  const subscription = client["events.stream"].subscribe(input, {
    onData(tracked) {
      reading.ids.push(tracked.id);
      reading.events.push(tracked.data);
    },
    onError(error) {
      reading.error = { code: (error.data as { error?: string } | undefined)?.error, message: error.message };
      subscription.unsubscribe();
    },
  });
  return reading;
}

/**
 * Follows `events.stream` with a plain `EventSource` (no tRPC code): the URL a browser
 * would open, `input` as JSON in the query string, each message's `data` the event.
 *
 * @param baseUrl - the server's URL
 * @param input - the subscription's input
 * @param lastEventId - sent as the `Last-Event-ID` header, as an EventSource resuming does
 */
export function followWithEventSource(
  baseUrl: string,
  input: EventsStreamParams,
  lastEventId?: string,
): StreamReading {
  const url = `${baseUrl}/trpc/events.stream?input=${encodeURIComponent(JSON.stringify(input))}`;
  const Source = testEventSource(lastEventId ? { "Last-Event-ID": lastEventId } : {});
  const source = new Source(url);
  const reading: StreamReading = { events: [], ids: [], close: () => source.close() };
  source.addEventListener("message", (message) => {
    reading.ids.push(message.lastEventId);
    reading.events.push(JSON.parse(message.data) as Event);
  });
  source.addEventListener("serialized-error", (message) => {
    // tRPC's error shape itself: `{ code, message, data }`.
    const error = JSON.parse(message.data) as { message: string; data?: { error?: string } };
    reading.error = { code: error.data?.error, message: error.message };
    source.close();
  });
  return reading;
}
