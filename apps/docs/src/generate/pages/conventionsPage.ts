// Conventions shared by every method: URL shape, GET and POST encoding, the envelope,
// the headers and `pretty` (the schema's wire facts).
import {
  defaultHeaderPrefix,
  headerNames,
  jsonContentType,
  methodUrlPath,
  type ResponseHeader,
  requestEnvelopeShape,
  responseHeaders,
} from "@wsafe/schema";
import { toJsonSchema } from "@wsafe/schema/openapi";
import { curlGet, curlPost } from "../examples.js";
import { propertyRows, type SchemaNode } from "../jsonSchemaText.js";
import { code, frontMatter, inlineCode, nameTable, page, table } from "../markdown.js";
import { defaultBaseUrl, schemaFilePath } from "../sitePaths.js";

const sample = { token: "wsafe-demo-token-read", user: "u_ada" };

/** The Markdown of the conventions page. */
export function conventionsPage(): string {
  const errorSchema = toJsonSchema("ErrorResponse") as SchemaNode;
  return page(
    frontMatter({
      title: "Conventions",
      description: "URL shape, GET and POST encoding, the response envelope, headers and pretty.",
    }),
    "## URL",
    `Every method is ${inlineCode(`{base_url}${methodUrlPath("<method>")}`)}, for example ${inlineCode(`${defaultBaseUrl}${methodUrlPath("users.info")}`)}. The version is the path segment \`${methodUrlPath("")}\`. The service speaks HTTPS only, TLS 1.2 or newer; an operator may serve plain HTTP behind a TLS-terminating proxy (\`wsafe serve --http\`, see [command line](/command-line/)). A path that names no method answers \`api_method_not_found\`.`,
    "## Request data",
    "Every method accepts **GET** and **POST** (any other HTTP method answers `request_method_invalid`). Either way the request data is one JSON object. Absent or empty data counts as `{}`.",
    table(
      ["HTTP method", "Where the request data goes"],
      [
        [
          "POST",
          "The JSON text is the request body; send it as `Content-Type: application/json`. Any other Content-Type is read as JSON all the same; a UTF-8 byte order mark is tolerated. Bodies over 1 MiB (the default limit) answer `request_data_invalid`.",
        ],
        [
          "GET",
          "The JSON text, percent-encoded, is the **whole** query string: `?%7B%22token%22...%7D`, not `?token=...`. One `=` after it, as a form-minded proxy forwards it, is ignored.",
        ],
      ],
    ),
    code("sh", curlPost("users.info", sample), "POST"),
    code(
      "sh",
      curlGet("users.info", sample),
      "GET (the query string is encodeURIComponent(JSON.stringify(data)))",
      "wrap",
    ),
    "Every request data object may hold these keys, whatever the method; each method page lists the rest:",
    nameTable(
      ["Key", "Type", "Required", "Meaning"],
      Object.entries(requestEnvelopeShape).map(([name, field]) => [
        inlineCode(name),
        name === "token" ? "string" : "boolean",
        name === "token" ? "yes" : "no",
        field.description ?? "",
      ]),
    ),
    'Booleans are JSON booleans: the strings `"true"` or `"1"` answer `parameter_invalid`. Timestamps are integers in milliseconds since the Unix epoch. Identifiers (fields named `id` or ending in `_id`) are strings.',
    "## Response envelope",
    "Every answer is HTTP status **200** with `Content-Type: application/json; charset=utf-8` and a JSON object holding the boolean `ok`, also for failures.",
    table(
      ["Outcome", "Body"],
      [
        ["Success", "`ok: true` and the method's own fields (see each method's page)."],
        ["Failure", "`ok: false`, `error` (an [identifier](/errors/)) and `description` (text for people)."],
      ],
    ),
    "Large answers are streamed: an `equipments.list` of more than 1 000 records is sent as the server reads it (chunked transfer encoding, no `Content-Length`) once every check has passed and the first 2 000 records are read; a shorter list is sent whole, with its `Content-Length`, so a failure found before the first record still answers the envelope above. Should the server fail after the first records left, it closes the connection instead of ending the JSON: a body that does not parse, or a connection cut mid-answer, is a transport error (retry it), never a shorter list. With `pretty` the answer is built whole before it is sent.",
    `The failure envelope ([ErrorResponse.json](${schemaFilePath("ErrorResponse")})):`,
    nameTable(
      ["Field", "Type", "Notes"],
      propertyRows(errorSchema, errorSchema).map((row) => [inlineCode(row.name), row.type, row.description]),
    ),
    "## `pretty`",
    'With `"pretty": true` the response JSON is indented with two spaces; otherwise it is compact. `pretty` must be a boolean (else `parameter_invalid`). Failures honour it once the request data was decoded.',
    "## Response headers",
    `Every answer carries these headers. The prefix \`${defaultHeaderPrefix}\` is the default; an operator can configure another.`,
    table(
      ["Header", "Type", "Meaning"],
      [
        ...(Object.keys(responseHeaders) as ResponseHeader[]).map((header) => [
          inlineCode(headerNames()[header]),
          responseHeaders[header].schema.type,
          responseHeaders[header].description,
        ]),
        ["`Content-Type`", "string", `\`${jsonContentType}\` on every JSON answer.`],
      ],
    ),
    "## Cross-origin calls",
    "Browsers may call the API from any origin: answers carry `Access-Control-Allow-Origin: *` (configurable), and OPTIONS pre-flights are answered with 204. The token travels in the request data, never in cookies.",
  );
}
