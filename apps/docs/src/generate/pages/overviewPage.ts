// The home page: what the API is, its methods (from the registry) and where to go next.
import { methods } from "@wsafe/schema";
import { curlGet } from "../examples.js";
import { code, frontMatter, page, table } from "../markdown.js";
import { defaultBaseUrl, methodPath, openApi32Path, openApiPath } from "../sitePaths.js";

/** The Markdown of the home page. */
export function overviewPage(): string {
  return page(
    frontMatter({
      title: "wsafe /v1 Web API",
      description:
        "The Web API of a workplace health-and-safety system: resources, equipment and its inspections, users.",
    }),
    "The `/v1` Web API of a workplace health-and-safety system: resources (documents) and their versions, equipment and the status of its inspection schedules, and users. It is a JSON-RPC style interface: each method is named in the URL, the caller sends one JSON object and receives one JSON object.",
    "## Methods",
    table(
      ["Method", "Permission", "What it does"],
      Object.values(methods).map((method) => [
        `[${method.name}](${methodPath(method.name)})`,
        `\`${method.permission}\``,
        method.summary,
      ]),
    ),
    "## Try it in one minute",
    `From a clone of the repository, \`npm start\` installs, builds and serves the API with demo data on \`${defaultBaseUrl}\` (with a self-signed certificate; \`-k\` tells curl to accept it), and serves this site at \`/\` beside it. The demo token is \`wsafe-demo-token-read\`.`,
    code(
      "sh",
      curlGet("resources.list", { token: "wsafe-demo-token-read", pretty: true }),
      undefined,
      "wrap",
    ),
    "Every method page has a **Try it** console that sends requests from your browser.",
    "## Read next",
    table(
      ["Page", "For"],
      [
        [
          "[Conventions](/conventions/)",
          "URL shape, GET and POST encoding, the response envelope, headers, `pretty`.",
        ],
        ["[Authentication](/authentication/)", "Tokens, permissions, and the failures they cause."],
        ["[Errors](/errors/)", "Every error identifier and the order in which they are checked."],
        ["[Rate limits](/rate-limits/)", "Requests per token and `Retry-After`."],
        ["[Methods](/methods/)", "Every method, with what it does and its parameters."],
        [
          "[Events](/events/)",
          "What changes and when: status transitions past and expected, what falls due this month, the stream.",
        ],
        ["[Records](/records/equipment/)", "The fields of every record the methods return."],
        ["[Dataset format](/dataset/)", "Importing accounts, tokens and records."],
        ["[Command line](/command-line/)", "Running the server: `wsafe serve`, `import`, tokens."],
        [
          "[Downloads](/downloads/)",
          "The OpenAPI 3.1 and 3.2 documents, the JSON Schema files, and the tools verified with them.",
        ],
        ["[TypeScript client](/client/)", "`@wsafe/client`: typed calls, errors, retries."],
        ["[Validation](/validation/)", "Checking payloads against the contract, in any language."],
        ["[Conformance kit](/conformance/)", "Checking a whole deployment against the contract."],
      ],
    ),
    `Machine-readable contract: [openapi.json](${openApiPath}) (OpenAPI 3.1), [openapi-3.2.json](${openApi32Path}) (OpenAPI 3.2) and one JSON Schema (2020-12) per payload on the [downloads](/downloads/) page.`,
  );
}
