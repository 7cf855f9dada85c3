// The Events page's section on `events.stream`, the tRPC subscription over Server-Sent
// Events: its summary, description and parameters are the schema's (`streams`), the
// snippets ours. Tests run both against a real server as a reader copies them: the
// @trpc/client one with Node (test/eventStreamSnippet.test.ts), the EventSource one in
// Chromium (test/eventSourceSnippet.test.ts).
import { streams } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { propertyRows, type SchemaNode } from "../jsonSchemaText.js";
import { code, inlineCode, nameTable } from "../markdown.js";
import { defaultBaseUrl, schemaFilePath } from "../sitePaths.js";
import { trpcInstallLine } from "../trpc/trpcInstallLine.js";

const stream = streams["events.stream"];

const trpcClientSnippet = `import { createTRPCClient, httpSubscriptionLink } from "@trpc/client";
import { EventSource } from "eventsource"; // Node 20 has none of its own

const trpc = createTRPCClient({
  links: [httpSubscriptionLink({ url: ${JSON.stringify(`${defaultBaseUrl}/trpc`)}, EventSource })],
});

// The last day's equipment changes first, then each as the service records it; after a
// cut, the link reconnects with the last id it got and misses nothing.
const subscription = trpc["events.stream"].subscribe(
  { token: process.env.WSAFE_TOKEN, types: ["equipment.status_changed"], from: Date.now() - 86_400_000 },
  {
    onData: ({ id, data: event }) => console.log(id, event.equipment_id, event.from, "->", event.to),
    onError: (error) => console.error(error.message),
  },
);
// subscription.unsubscribe() ends it.`;

const eventSourceSnippet = `const input = encodeURIComponent(JSON.stringify({ token: "wsafe-demo-token-read" }));
const source = new EventSource(\`${defaultBaseUrl}${stream.path}?input=\${input}\`);

// Each event is a message whose id is the event's id; on a reconnect the EventSource
// sends the last one back (Last-Event-ID) and gets what it missed first.
source.onmessage = (message) => {
  const event = JSON.parse(message.data);
  console.log(message.lastEventId, event.type, event.equipment_id, event.from, "->", event.to);
};`;

function parameterTable(): string {
  const schema = toJsonSchema("events.stream.params") as SchemaNode;
  return nameTable(
    ["Parameter", "Type", "Description and rules"],
    propertyRows(schema, schema).map((row) => [
      inlineCode(row.name),
      row.type,
      [row.description, ...row.rules.map((rule) => `Rule: ${rule}.`)].join(" "),
    ]),
  );
}

/** The title of the plain `EventSource` snippet, which the tests find it by. */
export const eventSourceSnippetTitle = "EventSource";

/** The title of the @trpc/client snippet, a file a reader saves and runs. */
export const streamScriptFile = "follow-events.mjs";

/** The Markdown of the section, from its heading on (`#the-stream`, which the schema's TSDoc names). */
export function eventStreamSection(): string[] {
  return [
    "## The stream",
    `Instead of asking \`events.list\` again and again, keep one connection open: \`${stream.name}\` ${stream.summary.replace(/^Streams/, "streams")}`,
    stream.description,
    `Its input ([${stream.name}.params.json](${schemaFilePath(`${stream.name}.params`)})):`,
    parameterTable(),
    "With `@trpc/client`'s `httpSubscriptionLink`, installed as on the [client page](/client/#trpc):",
    code("sh", trpcInstallLine),
    "Node has no `EventSource` of its own, so the link is given the `eventsource` package's. TypeScript types it with `createTRPCClient<AppRouter>`, `AppRouter` from `@wsafe/client/trpc` (types only; no server is installed). Against the self-signed demo certificate, start Node with `NODE_EXTRA_CA_CERTS` as on the client page. The client page shows [one client](/client/#trpc) that makes calls and follows the stream together (`splitLink`).",
    code("js", trpcClientSnippet, streamScriptFile),
    "With a plain Server-Sent Events reader, such as a browser's `EventSource`:",
    code("js", eventSourceSnippet, eventSourceSnippetTitle),
  ];
}
