// The downloads page: the OpenAPI document and every JSON Schema file, at the stable
// URLs their `$id`s name.
import { schemaCatalog, schemaNames } from "@wsafe/schema";
import { jsonSchemaBaseUrl, openApiUrl } from "@wsafe/schema/openapi";
import { frontMatter, inlineCode, page, table } from "../markdown.js";
import { openApiPath, schemaFilePath } from "../sitePaths.js";

/** The Markdown of the downloads page. */
export function downloadsPage(): string {
  return page(
    frontMatter({
      title: "Downloads",
      description: "The OpenAPI 3.1 document and the JSON Schema files of /v1.",
    }),
    `Services in any language can generate code from, or validate against, these files. Each JSON Schema's \`$id\` is its URL on the published site (${inlineCode(`${jsonSchemaBaseUrl}<name>.json`)}), so \`$ref\`s between documents resolve there; this site serves the same files at the same paths.`,
    "## OpenAPI",
    table(
      ["File", "What it holds"],
      [
        [
          `[openapi.json](${openApiPath})`,
          `OpenAPI 3.1: every method with GET and POST, request and response schemas, headers. Published as ${inlineCode(openApiUrl)}.`,
        ],
      ],
    ),
    "## JSON Schema (2020-12)",
    table(
      ["File", "What it describes", "Side"],
      schemaNames.map((name) => [
        `[${name}.json](${schemaFilePath(name)})`,
        schemaCatalog[name].description,
        schemaCatalog[name].io === "input" ? "sent by a caller" : "answered by the service",
      ]),
    ),
    "The same files ship in the `@wsafe/schema` package as `@wsafe/schema/openapi.json` and `@wsafe/schema/json-schema/<name>.json`.",
  );
}
