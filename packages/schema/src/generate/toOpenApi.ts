import * as z from "zod";
import { schemaCatalog } from "../catalog.js";
import { errorDescriptions } from "../errors.js";
import { methods } from "../registry.js";
import {
  defaultHeaderPrefix,
  headerNames,
  methodUrlPath,
  type ResponseHeader,
  responseHeaders,
} from "../wire.js";
import { openApiUrl } from "./schemaUrls.js";
import { type JsonSchema, jsonSchemaOptions } from "./toJsonSchema.js";

const componentRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });

function componentSchemas(): Record<string, JsonSchema> {
  const uri = (id: string) => `#/components/schemas/${id}`;
  const generate = (io: "input" | "output") =>
    (
      z.toJSONSchema(z.globalRegistry, { ...jsonSchemaOptions(io), uri }) as {
        schemas: Record<string, JsonSchema>;
      }
    ).schemas;
  const output = generate("output");
  const input = generate("input");
  // Request data is described as a caller writes it (defaults optional); everything
  // else as the service answers it.
  const inputIds = new Set(
    Object.values(schemaCatalog)
      .filter((entry) => entry.io === "input")
      .map((entry) => entry.schema.meta()?.id as string),
  );
  const merged: Record<string, JsonSchema> = {};
  for (const id of Object.keys(output).sort()) {
    const { $schema: _s, $id: _i, ...schema } = inputIds.has(id) ? input[id]! : output[id]!;
    merged[id] = schema;
  }
  return merged;
}

function idOf(schema: z.ZodType): string {
  const id = schema.meta()?.id;
  if (typeof id !== "string") throw new Error("every registry schema needs a .meta id");
  return id;
}

/** The response headers of every operation, named under the default prefix. */
function operationHeaders(): Record<string, { description: string; schema: object }> {
  const names = headerNames(defaultHeaderPrefix);
  return Object.fromEntries(
    (Object.keys(responseHeaders) as ResponseHeader[]).map((header) => [
      names[header],
      { description: responseHeaders[header].description, schema: responseHeaders[header].schema },
    ]),
  );
}

/**
 * The OpenAPI 3.1 document of /v1: every registry method as a path with GET and POST,
 * request and response schemas, the error envelope narrowed per method, the response
 * headers, and the token as it really travels: inside the request data.
 *
 * @param version - the package version to put in `info.version`
 * @example
 * import { toOpenApi } from "@wsafe/schema/openapi";
 * const document = toOpenApi("1.0.0");
 */
export function toOpenApi(version: string): JsonSchema {
  const paths: Record<string, unknown> = {};
  for (const method of Object.values(methods)) {
    const paramsId = idOf(method.params);
    const resultId = idOf(method.result);
    const examples = Object.fromEntries(
      method.examples.map((example, index) => [
        `example${index + 1}`,
        { summary: example.title, value: example.response },
      ]),
    );
    const response = {
      200: {
        description:
          "Always HTTP 200: the method's result with `ok: true`, or the error envelope with `ok: false` and one of the identifiers listed.",
        headers: operationHeaders(),
        content: {
          "application/json": {
            schema: {
              oneOf: [
                componentRef(resultId),
                {
                  allOf: [
                    componentRef("ErrorResponse"),
                    { type: "object", properties: { error: { enum: [...method.errors] } } },
                  ],
                },
              ],
            },
            examples,
          },
        },
      },
    };
    const errorList = method.errors.map((error) => `- \`${error}\`: ${errorDescriptions[error]}`).join("\n");
    const description = `${method.description}\n\nErrors:\n${errorList}`;
    const requestExamples = Object.fromEntries(
      method.examples.map((example, index) => [
        `example${index + 1}`,
        { summary: example.title, value: example.request },
      ]),
    );
    paths[methodUrlPath(method.name)] = {
      post: {
        operationId: method.name,
        summary: method.summary,
        description,
        tags: [method.name.split(".")[0]],
        "x-wsafe-permission": method.permission,
        requestBody: {
          required: true,
          description: "The request data: one JSON object, sent as the body (any Content-Type).",
          content: { "application/json": { schema: componentRef(paramsId), examples: requestExamples } },
        },
        responses: response,
      },
      get: {
        operationId: `${method.name}.get`,
        summary: `${method.summary} (GET)`,
        description: `${description}\n\nWith GET the whole query string is the request data: the JSON object, percent-encoded, with no name (\`?%7B%22token%22%3A...%7D\`). Its schema is \`${paramsId}\` (see \`x-wsafe-request-data\`).`,
        tags: [method.name.split(".")[0]],
        "x-wsafe-permission": method.permission,
        "x-wsafe-request-data": componentRef(paramsId),
        responses: response,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "wsafe /v1 Web API",
      version,
      summary:
        "Workplace health-and-safety records: resources and their versions, equipment and its inspection schedules, users.",
      description: [
        "Every method is `{base_url}/v1/<method>`, over HTTPS (TLS 1.2 or newer), with GET or POST.",
        "The request data is one JSON object: the POST body, or the whole percent-encoded query string of a GET. It always holds `token`, and may hold `pretty`.",
        "Every answer is HTTP 200 with a JSON object: `ok: true` and the method's fields, or `ok: false` with an `error` identifier and a `description`.",
      ].join("\n\n"),
      license: { name: "MIT", identifier: "MIT" },
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "https://{host}", variables: { host: { default: "localhost:8443" } } }],
    security: [{ token: [] }],
    paths,
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        token: {
          type: "apiKey",
          in: "query",
          name: "token",
          description:
            "The API token travels inside the request data: the `token` property of the JSON object that is the POST body or the percent-encoded GET query string. It is not a header, a cookie or a query parameter of its own; OpenAPI 3.1 has no location for it, so `x-wsafe-token-location` says `request-data`.",
          "x-wsafe-token-location": "request-data",
        },
      },
    },
    externalDocs: { url: openApiUrl.replace("/v1/openapi.json", "/") },
  };
}
