// The Events page's section on `events.stream`, the tRPC subscription over Server-Sent
// Events. Written from issue 29's description of the stream (tracked ids, resuming from
// the last event id, keep-alive pings, the /v1 checks) while the stream was being built:
// unlike the recipe, its snippets are not yet run by a test against a server.
import { code } from "../markdown.js";
import { defaultBaseUrl, methodPath } from "../sitePaths.js";

/** The URL path of the stream on a server. */
export const eventStreamPath = "/trpc/events.stream";

const trpcClientSnippet = `import { createTRPCClient, httpSubscriptionLink } from "@trpc/client";

const trpc = createTRPCClient({
  links: [httpSubscriptionLink({ url: ${JSON.stringify(`${defaultBaseUrl}/trpc`)} })],
});

// Each event as the service records it; after a cut, the link reconnects with the last id it got.
const subscription = trpc.events.stream.subscribe(
  { token: process.env.WSAFE_TOKEN },
  {
    onData: ({ id, data: event }) => console.log(id, event.type, event.equipment_id, event.from, "->", event.to),
    onError: (error) => console.error(error.message),
  },
);
// subscription.unsubscribe() ends it.`;

const eventSourceSnippet = `const input = encodeURIComponent(JSON.stringify({ token: "wsafe-demo-token-read" }));
const source = new EventSource(\`${defaultBaseUrl}${eventStreamPath}?input=\${input}\`);

// Each event is a message whose id is the event's id; on a reconnect the EventSource
// sends the last one back (Last-Event-ID) and gets what it missed first.
source.onmessage = (message) => {
  const event = JSON.parse(message.data);
  console.log(message.lastEventId, event.type, event.equipment_id, event.from, "->", event.to);
};`;

/** The Markdown of the section, from its heading on. */
export function eventStreamSection(): string[] {
  return [
    "## The stream: `events.stream`",
    `Instead of asking [\`events.list\`](${methodPath("events.list")}) again and again, a client can keep one connection open and receive each event as the service records it. \`events.stream\` is a tRPC 11 subscription over Server-Sent Events on the server's \`/trpc\` router, at \`${eventStreamPath}\`, and behaves as tRPC's documentation describes:`,
    [
      "- **Tracked by id.** Each event is sent `tracked()` by its `id`: the message's id is the event's `id`, the same one `events.list` showed while the event was still expected.",
      "- **Resumed without gap or duplicate.** A client that reconnects with the last event id it received (`Last-Event-ID`, which an `EventSource` and tRPC's link send by themselves) first gets, from the store, every event it missed, then the new ones.",
      "- **Kept alive.** While nothing happens the server sends pings, so that a proxy or a client does not take a quiet connection for a dead one; the reference deployment's HAProxy passes the stream unbuffered.",
      "- **Checked as /v1 is.** The stream takes the same token, account, rate-limit and parameter checks as `/v1`, and a caller sees only its own account's events.",
    ].join("\n"),
    "With `@trpc/client`'s `httpSubscriptionLink` (on Node 20, which has no global `EventSource`, give the link one through its `EventSource` option):",
    code("js", trpcClientSnippet, "@trpc/client"),
    "With a plain Server-Sent Events reader, such as a browser's `EventSource`:",
    code("js", eventSourceSnippet, "EventSource"),
  ];
}
