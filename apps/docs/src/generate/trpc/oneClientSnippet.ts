// The client page's @trpc/client snippet: ONE client for the methods and the event stream,
// `splitLink` sending the subscription over Server-Sent Events and every query and
// mutation over HTTP, batched. test/oneTrpcClientSnippet.test.ts type-checks it against
// `AppRouter` and runs it, as a reader copies it, against a real `wsafe serve --demo`.
import { defaultBaseUrl } from "../sitePaths.js";

/** The title of the snippet: the file a reader saves it as. */
export const oneClientScriptFile = "wsafe-trpc.ts";

/** The snippet's text, with the server's default address. */
export const oneClientSnippet = `import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import type { AppRouter } from "@wsafe/client/trpc";
import { EventSource } from "eventsource"; // Node has none of its own; a browser needs no import

const url = ${JSON.stringify(`${defaultBaseUrl}/trpc`)};
const token = process.env.WSAFE_TOKEN ?? ""; // a token with write, for the mutation

// One client: the stream (a subscription) over Server-Sent Events, every query and
// mutation over HTTP, batched into one request when made together.
const trpc = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({ url, EventSource }),
      false: httpBatchLink({ url }),
    }),
  ],
});

// A query, then a mutation: methods that need write are mutations, sent by POST only.
const { user } = await trpc["users.info"].query({ token, user: "u_ada" });
const { inspection } = await trpc["inspections.record"].mutate({
  token,
  equipment_id: "eq_h_0001",
  schedule_id: "sch_preuse",
  result: "passed",
  inspector_id: user.id,
  idempotency_key: crypto.randomUUID(), // a retry of this call records nothing twice
});
console.log(\`\${user.name} recorded \${inspection.id}\`);

// The stream from the instant the service recorded it: its events first, then every
// event as it is recorded, until unsubscribe().
const subscription = trpc["events.stream"].subscribe(
  { token, from: inspection.recorded_at },
  {
    onData: ({ id, data: event }) =>
      console.log(id, event.type, event.equipment_id, event.from, "->", event.to, event.inspection_id ?? ""),
    onError: (error) => console.error(error.message),
  },
);
// subscription.unsubscribe() ends it.`;
