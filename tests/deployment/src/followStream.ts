import { createTRPCClient, httpSubscriptionLink } from "@trpc/client";
import type { AppRouter } from "@wsafe/client/trpc";
import type { Event } from "@wsafe/schema";
import { EventSource } from "eventsource";
import { Agent, fetch as undiciFetch } from "undici";

/** What a stream's reader got: the events in order, the failure it ended with, how often it (re)connected. */
export interface FollowedStream {
  events: Event[];
  error?: { code?: string; message: string };
  /** tRPC's `connected` messages: one per connection the stream was served on. */
  connections: number;
  stop(): Promise<void>;
}

/**
 * Follows `events.stream` as a TypeScript team would: `@trpc/client`'s
 * `httpSubscriptionLink`, typed by `@wsafe/client/trpc` (no server types), over HTTPS
 * with the proxy's certificate. The link reconnects by itself when a stream ends, sending
 * the id of the last event it got; before the first event it has none, so the stream
 * starts `from` the instant it was opened and a reconnect replays from there.
 *
 * @param baseUrl - the proxy's (or a server's) URL
 * @param certificate - the PEM certificate it presents
 * @param token - the account's read token
 */
export function followStream(baseUrl: string, certificate: string, token: string): FollowedStream {
  const dispatcher = new Agent({ connect: { ca: certificate } });
  const fetch = ((url: string | URL, init?: object) =>
    undiciFetch(url, { ...init, dispatcher })) as unknown as typeof globalThis.fetch;
  class TrustingEventSource extends EventSource {
    constructor(url: string | URL, init?: ConstructorParameters<typeof EventSource>[1]) {
      super(url, { ...init, fetch });
    }
  }
  const trpc = createTRPCClient<AppRouter>({
    links: [httpSubscriptionLink({ url: `${baseUrl}/trpc`, EventSource: TrustingEventSource })],
  });
  const followed: FollowedStream = {
    events: [],
    connections: 0,
    async stop() {
      subscription.unsubscribe();
      await dispatcher.close();
    },
  };
  const subscription = trpc["events.stream"].subscribe(
    { token, from: Date.now() },
    {
      onStarted() {
        followed.connections++;
      },
      onData({ data }) {
        followed.events.push(data);
      },
      onError(error) {
        followed.error = { code: error.data?.error, message: error.message };
        subscription.unsubscribe();
      },
    },
  );
  return followed;
}
