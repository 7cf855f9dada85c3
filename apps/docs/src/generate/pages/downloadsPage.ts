// The downloads page: the OpenAPI documents and every JSON Schema file, at the stable
// URLs their `$id`s name; the third-party tools verified against them; how to generate
// a client in another language.
import { schemaCatalog, schemaNames } from "@wsafe/schema";
import { jsonSchemaBaseUrl, openApi32Url, openApiUrl } from "@wsafe/schema/openapi";
import { code, frontMatter, inlineCode, page, table } from "../markdown.js";
import type { VerifiedTool } from "../readVerifiedTools.js";
import { openApi32Path, openApiPath, schemaFilePath } from "../sitePaths.js";

function toolVersion(tool: VerifiedTool): string {
  return tool.version === "Debian" ? "the Debian release's package" : inlineCode(tool.version);
}

/**
 * The Markdown of the downloads page.
 *
 * @param tools - the tools the ecosystem suite verifies, with their pinned versions
 */
export function downloadsPage(tools: readonly VerifiedTool[]): string {
  return page(
    frontMatter({
      title: "Downloads",
      description:
        "The OpenAPI 3.1 and 3.2 documents and the JSON Schema files of /v1, and the tools verified with them.",
    }),
    `Services in any language can generate code from, or validate against, these files. Each JSON Schema's \`$id\` is its URL on the published site (${inlineCode(`${jsonSchemaBaseUrl}<name>.json`)}), so \`$ref\`s between documents resolve there; this site serves the same files at the same paths.`,
    "## OpenAPI",
    table(
      ["File", "What it holds"],
      [
        [
          `[openapi.json](${openApiPath})`,
          `OpenAPI 3.1: every method with GET and POST, request and response schemas, headers. Published as ${inlineCode(openApiUrl)}. OpenAPI 3.1 cannot name a query string that is one nameless value, so each GET names its request data's schema in its description (and \`x-wsafe-request-data\`).`,
        ],
        [
          `[openapi-3.2.json](${openApi32Path})`,
          `The same contract as OpenAPI 3.2, where each GET's request data is an \`in: querystring\` parameter with its JSON schema and examples. Published as ${inlineCode(openApi32Url)}.`,
        ],
      ],
    ),
    "The token is the required `token` property of every method's request data, so the documents declare no security scheme (`security: []`): a generated client sends the token in the body it types, never in a header or the query string. Request bodies are described as `application/json`, and as `*/*` with the same schema, since the service reads any body as JSON; send `Content-Type: application/json`.",
    "## Verified with",
    "The repository's `tests/ecosystem` suite runs these tools, at these pinned versions, against both documents and a real server on every test run, and fails on any finding.",
    table(
      ["Tool", "Version", "What is checked"],
      tools.map((tool) => [inlineCode(tool.name), toolVersion(tool), tool.checks]),
    ),
    "## A client in another language",
    "Any OpenAPI 3.1 generator can read `openapi.json`. Generate from the POST operations: each takes the request data as its JSON body, `token` included, and answers HTTP 200 with the method's result or the error envelope (branch on `ok`, then on `error`). For example, with the OpenAPI Generator (it needs Java) or a Python generator:",
    code(
      "sh",
      [
        `npx @openapitools/openapi-generator-cli generate -g python -i ${openApiUrl} -o wsafe-client`,
        `pipx run openapi-python-client generate --url ${openApiUrl}`,
      ].join("\n"),
    ),
    "Those two are not run by the suite; the TypeScript generators above are. For GET, use a generator that reads OpenAPI 3.2 `in: querystring` parameters from `openapi-3.2.json`, or build the URL yourself: the request data's JSON text, percent-encoded, is the whole query string. To validate payloads without generating code, load the JSON Schema files below into any Draft 2020-12 validator.",
    "## JSON Schema (2020-12)",
    table(
      ["File", "What it describes", "Side"],
      schemaNames.map((name) => [
        `[${name}.json](${schemaFilePath(name)})`,
        schemaCatalog[name].description,
        schemaCatalog[name].io === "input" ? "sent by a caller" : "answered by the service",
      ]),
    ),
    "The same files ship in the `@wsafe/schema` package as `@wsafe/schema/openapi.json`, `@wsafe/schema/openapi-3.2.json` and `@wsafe/schema/json-schema/<name>.json`.",
  );
}
