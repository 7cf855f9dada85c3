// The @wsafe/client page: install, createClient, one call per registry method, the
// options with the defaults the client exports, GET or POST, and the response meta.
// Option names are checked against the client's own types, so a new option that is not
// described here fails the docs' typecheck rather than going unmentioned.
import { createRequire } from "node:module";
import type { CallOptions, ClientOptions, ResponseMeta } from "@wsafe/client";
import { clientDefaults } from "@wsafe/client";
import { headerNames, jsonContentType, type MethodDefinition, methods } from "@wsafe/schema";
import { clientCall, objectLiteral } from "../clientCall.js";
import { clientPagingSection } from "../clientPagingSection.js";
import { demoCertificateCommand } from "../demoCertificateCommand.js";
import { installSteps } from "../installFromTarballs.js";
import { code, frontMatter, inlineCode, nameTable, page, table } from "../markdown.js";
import { nodeVersionWords } from "../nodeVersionWords.js";
import { ownParameters, ownParametersText } from "../ownParameters.js";
import { defaultBaseUrl, methodPath } from "../sitePaths.js";
import { oneClientScriptFile, oneClientSnippet } from "../trpc/oneClientSnippet.js";
import { trpcInstallLine } from "../trpc/trpcInstallLine.js";

const require = createRequire(import.meta.url);

const ms = (value: number) => `\`${value}\` ms`;
const headers = headerNames(clientDefaults.headerPrefix);

/** What each option means, with its default from `clientDefaults`; `satisfies` keeps the keys those of `ClientOptions`. */
const optionRows = {
  baseUrl: [
    "required",
    "Where the service lives, without `/v1`: `https://wsafe.example.com`. A path prefix is kept.",
  ],
  token: ["required", "The API token, sent as `token` in every request. A call may pass its own `token`."],
  method: [
    inlineCode(JSON.stringify(clientDefaults.method)),
    '`"POST"` or `"GET"`: where the request data goes (see [GET or POST](#get-or-post)). A call can override it.',
  ],
  timeoutMs: [
    ms(clientDefaults.timeoutMs),
    "Limit of a whole call, retries and their waits included; `0` or `Infinity` for none. A call can override it. See [timeouts](/client/retries/#timeouts).",
  ],
  retries: [
    inlineCode(objectLiteral(clientDefaults.retries)),
    "The [retry policy](/client/retries/), or `false` for a single attempt. Fields left out keep their default.",
  ],
  onRetry: [
    "none",
    "`({ method, attempt, delayMs, error }) => void`, called before each retry's wait; throwing from it ends the call with that error.",
  ],
  fetch: [
    "global `fetch`",
    "Any `fetch`: undici's with an agent, a proxy, a test double. The global one is looked up at each call.",
  ],
  validateResponses: [
    "off",
    "A validator of each reply: `validateResponse` from `@wsafe/client/validate` (see [validation](/validation/#in-the-client)).",
  ],
  headerPrefix: [
    inlineCode(JSON.stringify(clientDefaults.headerPrefix)),
    `Prefix of the \`${headerNames("<prefix>").requestId}\` and \`${headerNames("<prefix>").responseTime}\` headers, should the operator have set another (\`wsafe serve --header-prefix\`).`,
  ],
} satisfies Record<keyof ClientOptions, [string, string]>;

const callOptionRows = {
  signal:
    "An `AbortSignal`: aborts the call, also during a retry's wait; the call throws a `WsafeAbortError`.",
  timeoutMs: "This call's limit instead of the client's.",
  method: '`"POST"` or `"GET"` for this call instead of the client\'s.',
} satisfies Record<keyof CallOptions, string>;

const metaRows = {
  requestId: `The \`${headers.requestId}\` header of the last reply; quote it to support. Undefined when no /v1 reply arrived (a proxy's page, a dropped connection).`,
  responseTime: `The \`${headers.responseTime}\` header: milliseconds the server spent on the reply.`,
  status: "The HTTP status of the last reply; undefined when none arrived.",
  attempts: "How many HTTP requests the call made: 1, plus one per retry.",
} satisfies Record<keyof ResponseMeta, string>;

/** The Markdown of the client page, `/client/`. */
export function clientPage(): string {
  const { engines } = require("@wsafe/client/package.json") as { engines: { node: string } };
  const all: MethodDefinition[] = Object.values(methods);
  // A method with a required parameter shows best what a call looks like.
  const typical = all.find((method) => ownParameters(method).some(({ required }) => required)) ?? all[0]!;
  const columnsMethods = all.filter((method) => "columns" in method.params.shape);
  return page(
    frontMatter({
      title: "The TypeScript client",
      description:
        "@wsafe/client: install, createClient, calling every method, options, GET or POST, request ids.",
    }),
    `\`@wsafe/client\` calls /v1 from Node (${nodeVersionWords(engines.node)}), browsers, web workers and edge runtimes. Parameters and results are typed from \`@wsafe/schema\`, failures are typed [errors](/client/errors/) you can \`switch\` on, [retries](/client/retries/) honour \`Retry-After\`, and it has no run-time dependency.`,
    "## Install",
    ...installSteps("@wsafe/client"),
    "## Create a client",
    code(
      "ts",
      [
        'import { createClient } from "@wsafe/client";',
        "",
        `const client = createClient({ baseUrl: ${JSON.stringify(defaultBaseUrl)}, token: process.env.WSAFE_TOKEN! });`,
      ].join("\n"),
    ),
    "One client serves any number of calls, concurrent ones included; it holds no connection of its own (the `fetch` does).",
    "## Calling a method",
    "Every method of the registry is a function under its wire name. It takes the request data without `token` (the client adds its own; a call may pass one) and resolves to the success body:",
    code("ts", all.map((method) => clientCall(method)).join("\n")),
    table(
      ["Method", "Parameters besides token and pretty", "What it does"],
      all.map((method) => [
        `[${inlineCode(`client.${method.name}()`)}](${methodPath(method.name)})`,
        ownParametersText(method),
        method.summary,
      ]),
    ),
    `\`client.call(${JSON.stringify(all[0]!.name)}, params)\` calls a method by its name. A wrong or misspelt parameter is a compile error, and results need no casts.`,
    columnsMethods.length > 0 &&
      `When \`columns\` is a literal list (${columnsMethods.map((method) => inlineCode(method.name)).join(", ")}), the rows are typed with those fields only; without it they are whole records.`,
    "The methods are not a list inside the client: `client.<a>.<b>()` calls the method `a.b`, and the types of `@wsafe/schema` say which exist. A method added to the schema reaches the client with the next release of the schema, with no client change. A segment every function already has (`call`, `bind`, `name`, `toString`) keeps that meaning; reach such a method with `client.call`.",
    ...clientPagingSection(),
    "## Options",
    "The options of `createClient`. The defaults are exported as `clientDefaults`, so code can extend them rather than restate them: `retries: { ...clientDefaults.retries, maxRetries: 5 }`.",
    nameTable(
      ["Option", "Default", "Meaning"],
      Object.entries(optionRows).map(([name, [fallback, meaning]]) => [inlineCode(name), fallback, meaning]),
    ),
    "### Per call",
    "The last argument of every method takes:",
    nameTable(
      ["Option", "Meaning"],
      Object.entries(callOptionRows).map(([name, meaning]) => [inlineCode(name), meaning]),
    ),
    code(
      "ts",
      [
        "const controller = new AbortController();",
        clientCall(typical, '{ signal: controller.signal, timeoutMs: 5_000, method: "GET" }'),
      ].join("\n"),
    ),
    "## GET or POST",
    "Both send the same request data (see [conventions](/conventions/#request-data)); the service answers both alike.",
    table(
      ["", "POST", "GET"],
      [
        [
          "Request data",
          `The JSON text is the body, \`Content-Type: ${jsonContentType}\`.`,
          "The whole query string: `encodeURIComponent(JSON.stringify(data))`. No header is set.",
        ],
        [
          "In a browser, cross-origin",
          "Preceded by a CORS pre-flight (`OPTIONS`, which the browser caches for a while).",
          "A simple request: no pre-flight.",
        ],
        [
          "Size",
          "No URL length limit to meet, whatever the `columns` list or ids.",
          "URLs have length limits along the way (proxies, servers).",
        ],
        ["Token", "In the body.", "In the URL: proxies and server logs may record it."],
      ],
    ),
    "Use GET for small requests from browsers, POST otherwise.",
    "## Request id and server time",
    "Every result carries the response meta of its call on a non-enumerable symbol property, so the result is still exactly the wire body (`JSON.stringify`, `toEqual` and spreading see the body alone). Read it with `getMeta`; every error carries the same as `err.meta`.",
    code(
      "ts",
      [
        'import { getMeta } from "@wsafe/client";',
        "",
        `const result = ${clientCall(typical)}`,
        "const { requestId, responseTime, status, attempts } = getMeta(result);",
      ].join("\n"),
    ),
    nameTable(
      ["Field", "Meaning"],
      Object.entries(metaRows).map(([name, meaning]) => [inlineCode(name), meaning]),
    ),
    "## Browsers, workers and Node",
    "The client uses only standard APIs (`fetch`, `AbortController`, `setTimeout`, `Proxy`), so one build serves every runtime. The service allows cross-origin calls and exposes its headers to scripts, so `getMeta` and `retryAfter` work in a browser too. Keep tokens out of code shipped to browsers you do not control.",
    "### A development server's certificate",
    "`npm start` (and `wsafe serve` without certificate files) serves HTTPS with a self-signed certificate, which Node refuses: the call fails at once, not retried, with a `WsafeTransportError` whose message names Node's code, `TLS certificate refused (DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate)`. The fix that works in every Node program, with no change to your code: start Node with `NODE_EXTRA_CA_CERTS` set to the certificate path the server printed (`self-signed certificate for localhost: …`). Node reads it when it starts, so set it on the command, not from inside the script.",
    demoCertificateCommand("my-script.mjs"),
    `Call the address the server prints, ${inlineCode(defaultBaseUrl)}. Or pass a \`fetch\` with your own agent; undici is a package of its own (\`npm install undici\`: Node's built-in \`fetch\` takes no agent):`,
    code("sh", "npm install undici"),
    code(
      "ts",
      [
        'import { Agent, fetch } from "undici";',
        "",
        "const dispatcher = new Agent({ connect: { rejectUnauthorized: false } }); // development only",
        "const client = createClient({",
        `  baseUrl: ${JSON.stringify(defaultBaseUrl)},`,
        "  token,",
        "  fetch: (url, init) => fetch(url, { ...init, dispatcher }),",
        "});",
      ].join("\n"),
    ),
    "## tRPC",
    "The server also serves the methods through tRPC at `/trpc`, and the event stream `events.stream` only there. For a typed `@trpc/client`, import the router's type from `@wsafe/client/trpc`: it holds types only, so no server, database driver or web framework is installed with it (`@trpc/server` is there for its types). Beside `@wsafe/client`, installed as above:",
    code("sh", trpcInstallLine),
    "One client serves the methods and the stream together: `splitLink` sends the subscription over `httpSubscriptionLink` (Server-Sent Events) and every query and mutation over `httpBatchLink`. Against the self-signed demo certificate, start Node with `NODE_EXTRA_CA_CERTS` as above, and `WSAFE_TOKEN=wsafe-demo-token-write`:",
    code("ts", oneClientSnippet, oneClientScriptFile),
    "It prints the inspection it recorded, then the events it caused, each naming the inspection (on the demo, the pre-use check's status: the harness stays expired, its monthly check never done), then waits for more: the stream goes on until `unsubscribe()`, and after a cut the link reconnects with the last id it got and misses nothing.",
    "The [Events](/events/#the-stream) page follows `events.stream` with it.",
    "## Read next",
    table(
      ["Page", "For"],
      [
        ["[Client errors](/client/errors/)", "What a call throws, and narrowing the error per method."],
        [
          "[Retries, timeouts, abort](/client/retries/)",
          "What is retried, how long the client waits, and how to stop a call.",
        ],
        ["[Validation](/validation/)", "Checking replies against the schema, in the client and elsewhere."],
      ],
    ),
  );
}
