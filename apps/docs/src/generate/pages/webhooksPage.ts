// The Webhooks page: what a delivery is, success and failure, the retry schedule, at
// least once, the endpoint's states, secret rotation, the security rules, and receivers
// that verify, in TypeScript and Python. The numbers and tables are the schema's
// (`webhookDelivery`, `webhookStateMeanings`, `webhookAddressRules`, the methods'
// summaries); the receivers and the example delivery live in ../webhooks/.
import { durationWords, methodNames, methods, webhookDelivery, webhookStateMeanings } from "@wsafe/schema";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import { methodPath } from "../sitePaths.js";
import { exampleRequest, exampleSecret } from "../webhooks/exampleDelivery.js";
import { runTitle, type WebhookReceiver, webhookReceivers } from "../webhooks/webhookReceivers.js";
import { embeddingList, refusedAddressTable, retryTable } from "../webhooks/webhookTables.js";

/** The webhooks methods, in registry order. */
export const webhookMethodNames = methodNames.filter((name) => name.startsWith("webhooks."));

const {
  timeoutMs,
  answerBytes,
  endpointsPerAccount,
  rotationOverlapMs,
  retryScheduleMs,
  inFlightPerEndpoint,
  disableAfterMs,
} = webhookDelivery;
const disableAfter = durationWords(disableAfterMs);
const timeout = durationWords(timeoutMs);
const overlap = durationWords(rotationOverlapMs);

function receiverSection(receiver: WebhookReceiver): string[] {
  return [
    `### ${receiver.heading}`,
    `Install ${receiver.install}; save this as \`${receiver.file}\`:`,
    code(receiver.language, receiver.code, receiver.file),
    code("sh", receiver.run, runTitle(receiver)),
  ];
}

/** The Markdown of the Webhooks page, `/webhooks/`. */
export function webhooksPage(): string {
  const create = methods["webhooks.create"];
  return page(
    frontMatter({
      title: "Webhooks",
      description:
        "Events POSTed to your HTTPS endpoint as they are recorded, signed by the Standard Webhooks specification: the delivery, retries, states, secret rotation, the security rules, and receivers that verify.",
    }),
    `Instead of asking [\`events.list\`](${methodPath("events.list")}) for what changed, let the service tell you: ${create.summary.replace(/^Makes/, "`webhooks.create` makes")} Deliveries follow the [Standard Webhooks](https://www.standardwebhooks.com/) specification, so a receiver in any language verifies them with a maintained library.`,
    "## The methods",
    table(
      ["Method", "Token", "What it does"],
      webhookMethodNames.map((name) => [
        `[\`${name}\`](${methodPath(name)})`,
        methods[name].permission,
        methods[name].summary,
      ]),
    ),
    `A token with only the \`read\` permission gets \`token_permission\` from the methods that need \`write\` (see [authentication](/authentication/)); \`wsafe tokens create --account ID --write\` issues one (see the [command line](/command-line/)).`,
    "## Delivery",
    `Each event of the account that an endpoint asks for (its \`types\`, its \`equipmentType_id\`) is POSTed to its \`url\` once it is recorded: one event per request. The body is JSON, \`{"type", "timestamp", "data"}\`: the event's type, the instant it occurred in ISO 8601, and \`data\`, the [Event](/records/event/) record itself, as \`events.list\` returns it (recorded, so \`expected\` is \`false\` and \`sequence\` is set).`,
    table(
      ["Header", "Value"],
      [
        [
          "`webhook-id`",
          "The event's `id` (`data.id`): the same on every attempt at it, so a repeat can be told from a new event.",
        ],
        [
          "`webhook-timestamp`",
          "When this attempt was signed, in whole seconds since the epoch: every attempt is signed anew. Receivers refuse one more than 5 minutes away from their clock (a replay).",
        ],
        [
          "`webhook-signature`",
          `\`v1,\` and the base64 HMAC-SHA256 of \`webhook-id.webhook-timestamp.body\` under the endpoint's secret; during a [secret rotation](#secret-rotation), two of them, space-separated.`,
        ],
        ["`content-type`", "`application/json`"],
        ["`user-agent`", "`wsafe-webhooks`"],
      ],
    ),
    `A delivery of the Events page's example equipment, signed with the secret of \`webhooks.create\`'s example (\`${exampleSecret}\`); the signature covers the body's exact bytes, so verify the raw body before parsing it:`,
    code("http", exampleRequest(), "One delivery", "wrap"),
    `An endpoint gets at most ${inFlightPerEndpoint} deliveries at once (the operator may set another number), whatever the number of servers, and its first attempts start in the order the events were recorded (\`data.sequence\`); a slow endpoint of one account delays no other endpoint's deliveries.`,
    "## Success and failure",
    [
      `- **Success**: a \`2xx\` answer within ${timeout}. The event is delivered; nothing more is sent for it.`,
      `- **Failure**: any other status, no answer within ${timeout}, a refused or reset connection, a TLS failure, or an address the [security rules](#security) refuse. The event is tried again by the [schedule](#retries).`,
      `- **\`410 Gone\`**: the endpoint is \`disabled\` at once; nothing more is delivered to it.`,
      "- **Redirects are not followed**: a `3xx` is a failure, recorded with its status. Give the final URL when making the endpoint.",
      `- At most ${answerBytes} bytes of an answer are read; its body means nothing to the service.`,
    ].join("\n"),
    `[\`webhooks.deliveries\`](${methodPath("webhooks.deliveries")}) lists every attempt at an endpoint: the event, the attempt's number, when, the status or the error, how long it took, and when the next attempt is due.`,
    "## Retries",
    `A failed delivery is tried again by the Standard Webhooks specification's schedule, ${retryScheduleMs.length} attempts in all; each wait counts from the end of the attempt before it:`,
    retryTable(),
    `After attempt ${retryScheduleMs.length} fails, the delivery gives up and the endpoint becomes \`failing\`, naming the event and why in \`state_reason\`. Deliveries of other events go on; the next one that succeeds makes the endpoint \`active\` again. Each attempt to make is written in the same transaction that records the event, so a server that stops (even \`kill -9\`) loses none; with several servers on one PostgreSQL, each attempt is made by one of them.`,
    `An endpoint whose attempts have all failed for ${disableAfter} (counted from the first failure after its last success; the operator may set another time) is \`disabled\`, and \`state_reason\` says since when.`,
    "## Sending again",
    `[\`webhooks.redeliver\`](${methodPath("webhooks.redeliver")}) queues again deliveries that are over: one event's (\`event_id\`: one that gave up, say), or every one of events recorded since an instant (\`since\`: since your receiver broke). Each goes out at once with its \`webhook-id\`, signed anew, by the schedule from its first attempt; a \`disabled\` endpoint is \`active\` again. Call it once your receiver is back.`,
    "## At least once",
    "A delivery may arrive more than once: an answer lost on the way back, a server stopped between sending and recording the answer. Every repeat carries the same `webhook-id` (the event's `id`), so keep the ids you have handled and answer a repeat `2xx` without acting on it again. Deliveries of different events may arrive out of order (an earlier event's retry after a later event's first attempt, or two of those under way at once): order what you keep by `data.sequence`, which increases per equipment in the order the events were recorded, or by `data.occurred_at`.",
    "## States",
    table(
      ["`state`", "Meaning"],
      Object.entries(webhookStateMeanings).map(([state, meaning]) => [inlineCode(state), meaning]),
    ),
    `[\`webhooks.list\`](${methodPath("webhooks.list")}) shows each endpoint's state and \`state_reason\`.`,
    "## Secret rotation",
    `[\`webhooks.rotate_secret\`](${methodPath("webhooks.rotate_secret")}) gives an endpoint a new secret and answers it, once. For ${overlap} the secret it replaces keeps signing beside it: every delivery's \`webhook-signature\` then carries two signatures, and a receiver holding either secret verifies it (each library tries every \`v1\` signature). Move your receiver to the new secret within those ${overlap}; \`previous_secret_expires_at\` (in the answer and in \`webhooks.list\`) says until when the old one signs. Rotating again within them drops the oldest secret at once.`,
    "## Security",
    `Deliveries go to the public internet only, against server-side request forgery ([OWASP API7:2023](https://owasp.org/API-Security/editions/2023/en/0xa7-server-side-request-forgery/)):`,
    [
      "- `url` must be `https`; `http` is refused (`parameter_invalid`) unless the operator runs `wsafe serve --webhooks-allow-http`, for local development.",
      "- Its host must be a public address, or a name all of whose addresses are public. The addresses below are refused when the endpoint is made (`parameter_invalid`, naming the kind of address, never the address a name resolved to) and again when each delivery connects, after DNS resolution, so a name that later resolves elsewhere (DNS rebinding) reaches nothing; `wsafe serve --webhooks-allow-private` lifts this, for local development only.",
      "- A URL with credentials (`user:password@`) is refused; secrets never reach a log, and are shown only by `webhooks.create` and `webhooks.rotate_secret`.",
      `- At most ${answerBytes} bytes of an answer are read, and an attempt ends after ${timeout}.`,
      `- An account has at most ${endpointsPerAccount} endpoints: one more answers \`limit_reached\`.`,
    ].join("\n"),
    refusedAddressTable(),
    `An IPv6 address that carries an IPv4 one is judged by that IPv4 address: ${embeddingList()}.`,
    "## Receivers",
    `Each of these answers \`204\` to a delivery it verifies and \`400\` to one it refuses (so the service tries a genuine one again later), drops repeats by \`webhook-id\`, and prints one line per event: \`webhook-id\`, type, equipment, and the status change. Each takes the endpoint's secret from \`WSAFE_WEBHOOK_SECRET\` and its port from \`PORT\`. Put it behind your HTTPS front (the service delivers over \`https\` only).`,
    ...Object.values(webhookReceivers).flatMap(receiverSection),
  );
}
