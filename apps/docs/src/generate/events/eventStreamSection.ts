// The Events page's section on `events.stream`, the tRPC subscription over Server-Sent
// Events: its summary, description and parameters are the schema's (`streams`), the
// snippets ours. Written while the stream was being built: unlike the recipe, no test
// runs these snippets against a server yet.
import { streams } from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { propertyRows, type SchemaNode } from "../jsonSchemaText.js";
import { code, inlineCode, table } from "../markdown.js";
import { defaultBaseUrl, schemaFilePath } from "../sitePaths.js";

const stream = streams["events.stream"];

const trpcClientSnippet = `import { createTRPCClient, httpSubscriptionLink } from "@trpc/client";

const trpc = createTRPCClient({
  links: [httpSubscriptionLink({ url: ${JSON.stringify(`${defaultBaseUrl}/trpc`)} })],
});

// Each event as the service records it; after a cut, the link reconnects with the last id it got.
const subscription = trpc.events.stream.subscribe(
  { token: process.env.WSAFE_TOKEN, types: ["equipment.status_changed"] },
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
  return table(
    ["Parameter", "Type", "Description and rules"],
    propertyRows(schema, schema).map((row) => [
      inlineCode(row.name),
      row.type,
      [row.description, ...row.rules.map((rule) => `Rule: ${rule}.`)].join(" "),
    ]),
  );
}

/** The Markdown of the section, from its heading on (`#the-stream`, which the schema's TSDoc names). */
export function eventStreamSection(): string[] {
  return [
    "## The stream",
    `Instead of asking \`events.list\` again and again, keep one connection open: \`${stream.name}\` ${stream.summary.replace(/^Streams/, "streams")}`,
    stream.description,
    `Its input ([${stream.name}.params.json](${schemaFilePath(`${stream.name}.params`)})):`,
    parameterTable(),
    "With `@trpc/client`'s `httpSubscriptionLink` (TypeScript types it with `createTRPCClient<AppRouter>`, `AppRouter` from `@wsafe/server`; on Node 20, which has no global `EventSource`, give the link one through its `EventSource` option):",
    code("js", trpcClientSnippet, "@trpc/client"),
    "With a plain Server-Sent Events reader, such as a browser's `EventSource`:",
    code("js", eventSourceSnippet, "EventSource"),
  ];
}
