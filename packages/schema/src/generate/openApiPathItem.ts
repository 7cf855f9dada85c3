import { errorDescriptions } from "../errors.js";
import type { MethodDefinition, MethodExample } from "../methods/defineMethod.js";
import {
  defaultHeaderPrefix,
  headerNames,
  jsonContentType,
  type ResponseHeader,
  requestMediaType,
  responseHeaders,
} from "../wire.js";
import { componentIdOf, componentRef } from "./openApiComponents.js";

/** The OpenAPI versions /v1 is published in: 3.1 (`openapi.json`) and 3.2 (`openapi-3.2.json`). */
export type OpenApiVersion = "3.1.0" | "3.2.0";

/** The media type of every answer: the `Content-Type` of wire.ts without its parameters. */
const responseMediaType = jsonContentType.split(";")[0]!;

// The name of the 3.2 querystring parameter. OpenAPI requires a name; with
// `in: querystring` it is never sent: the whole query string is the value.
const queryStringParameterName = "requestData";

type AnyExample = MethodExample<MethodDefinition["params"], MethodDefinition["result"]>;

/**
 * The examples whose request data the method's own schema accepts: those, and only
 * those, can stand under the request body or the query string, whose schema is the
 * params schema. An example of a refused request (an unknown parameter) still shows
 * its answer among the responses.
 *
 * @param method - a registry entry
 */
export function acceptedRequestExamples(method: MethodDefinition): AnyExample[] {
  return method.examples.filter((example) => method.params.safeParse(example.request).success);
}

/** The GET form of request data: the JSON text, percent-encoded, as the whole query string. */
export function serializedQueryString(request: unknown): string {
  return encodeURIComponent(JSON.stringify(request));
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

function responses(method: MethodDefinition) {
  const examples = Object.fromEntries(
    method.examples.map((example, index) => [
      `example${index + 1}`,
      { summary: example.title, value: example.response },
    ]),
  );
  return {
    200: {
      description:
        "Always HTTP 200: the method's result with `ok: true`, or the error envelope with `ok: false` and one of the identifiers listed.",
      headers: operationHeaders(),
      content: {
        [responseMediaType]: {
          schema: {
            oneOf: [
              componentRef(componentIdOf(method.result)),
              {
                allOf: [
                  componentRef("ErrorResponse"),
                  {
                    type: "object",
                    properties: { error: { enum: [...method.errors] } },
                    required: ["error"],
                  },
                ],
              },
            ],
          },
          examples,
        },
      },
    },
  };
}

function requestBody(method: MethodDefinition) {
  const schema = componentRef(componentIdOf(method.params));
  const examples = Object.fromEntries(
    acceptedRequestExamples(method).map((example, index) => [
      `example${index + 1}`,
      { summary: example.title, value: example.request },
    ]),
  );
  return {
    required: true,
    // No "*/*" in the words: generators copy descriptions into comments, where it ends one.
    description: `The request data: one JSON object, the whole body. Send it as \`${requestMediaType}\`; the service reads a body of any other Content-Type (or none) as the same JSON text, hence the second entry, for any media type.`,
    content: {
      [requestMediaType]: { schema, examples },
      // The truth about the server, which reads every body as JSON whatever its type;
      // listed second so that generators and proxies pick the JSON entry.
      "*/*": { schema },
    },
  };
}

/** The 3.2 description of a GET's request data: the whole query string, one JSON object. */
function queryStringParameter(method: MethodDefinition) {
  const examples = Object.fromEntries(
    acceptedRequestExamples(method).map((example, index) => [
      `example${index + 1}`,
      {
        summary: example.title,
        dataValue: example.request,
        serializedValue: serializedQueryString(example.request),
      },
    ]),
  );
  return {
    name: queryStringParameterName,
    in: "querystring",
    required: true,
    description:
      "The request data: the JSON object, percent-encoded, is the whole query string (no name, no `=`).",
    content: { [requestMediaType]: { schema: componentRef(componentIdOf(method.params)), examples } },
  };
}

function getDescription(method: MethodDefinition, base: string, openapi: OpenApiVersion): string {
  const paramsId = componentIdOf(method.params);
  const [first] = acceptedRequestExamples(method);
  const example = first ? ` For example \`?${serializedQueryString(first.request)}\`.` : "";
  const where =
    openapi === "3.1.0"
      ? `OpenAPI 3.1 has no parameter for a query string without a name, so this operation lists none: the request data's schema is \`${paramsId}\` (also in \`x-wsafe-request-data\`), and the OpenAPI 3.2 document (\`openapi-3.2.json\`) describes it as an \`in: querystring\` parameter.`
      : `Its schema is \`${paramsId}\`, the \`${queryStringParameterName}\` parameter (\`in: querystring\`).`;
  return `${base}\n\nWith GET the whole query string is the request data: the JSON object, percent-encoded, with no name.${example} ${where}`;
}

/**
 * The path item of one method: POST with the request data as the body, GET with it as
 * the whole query string, both answering HTTP 200 with the method's result or the
 * error envelope narrowed to the method's identifiers. No security requirement: the
 * token is the required `token` property of the request data, which the params schema
 * describes, and no HTTP-level place (header, query parameter, cookie) carries it.
 *
 * @param method - a registry entry
 * @param openapi - the document's version; 3.2 describes the GET's query string
 * @example
 * openApiPathItem(methods["users.info"], "3.2.0").get.parameters[0].in; // "querystring"
 */
export function openApiPathItem(method: MethodDefinition, openapi: OpenApiVersion) {
  const errorList = method.errors.map((error) => `- \`${error}\`: ${errorDescriptions[error]}`).join("\n");
  const description = `${method.description}\n\nErrors:\n${errorList}`;
  const common = {
    tags: [method.name.split(".")[0]!],
    "x-wsafe-permission": method.permission,
  };
  const get =
    openapi === "3.1.0"
      ? { "x-wsafe-request-data": componentRef(componentIdOf(method.params)) }
      : { parameters: [queryStringParameter(method)] };
  return {
    post: {
      operationId: method.name,
      summary: method.summary,
      description,
      ...common,
      requestBody: requestBody(method),
      responses: responses(method),
    },
    get: {
      operationId: `${method.name}.get`,
      summary: `${method.summary} (GET)`,
      description: getDescription(method, description, openapi),
      ...common,
      ...get,
      responses: responses(method),
    },
  };
}
