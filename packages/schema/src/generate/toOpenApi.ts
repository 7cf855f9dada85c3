import { methods } from "../registry.js";
import { streams } from "../streams/index.js";
import { methodUrlPath } from "../wire.js";
import { openApiComponentSchemas } from "./openApiComponents.js";
import { type OpenApiVersion, openApiPathItem } from "./openApiPathItem.js";
import { openApiStreamPathItem } from "./openApiStreamPathItem.js";
import { openApiUrl } from "./schemaUrls.js";
import type { JsonSchema } from "./toJsonSchema.js";

export type { OpenApiVersion } from "./openApiPathItem.js";

/** The docs site's home, where `info.contact` and `externalDocs` point. */
const docsHome = new URL("/", openApiUrl).href;

/** One tag per namespace of method names (`users.info` → `users`), with its methods. */
function namespaceTags(): { name: string; description: string }[] {
  const byNamespace = new Map<string, string[]>();
  for (const name of Object.keys(methods)) {
    const namespace = name.split(".")[0]!;
    byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), name]);
  }
  return [...byNamespace].map(([name, names]) => ({
    name,
    description: `The \`${name}.*\` methods: ${names.map((method) => `\`${method}\``).join(", ")}.`,
  }));
}

/**
 * The OpenAPI document of /v1: every registry method as a path with GET and POST,
 * request and response schemas, the error envelope narrowed per method and the
 * response headers. The token is what it is on the wire: a required property of every
 * method's request data, so the document declares no security scheme (an `apiKey`
 * scheme would name a header, query parameter or cookie, and the server reads none).
 *
 * OpenAPI 3.1 (the default, published as `openapi.json`) cannot name a query string
 * that is one nameless value, so its GET operations carry the request data's schema in
 * their description and `x-wsafe-request-data`; 3.2 (`openapi-3.2.json`) describes it
 * as an `in: querystring` parameter.
 *
 * @param version - the package version to put in `info.version`
 * @param options - `openapi`: the OpenAPI version, `"3.1.0"` (default) or `"3.2.0"`
 * @example
 * import { toOpenApi } from "@wsafe/schema/openapi";
 * const document = toOpenApi("1.0.0");
 * const next = toOpenApi("1.0.0", { openapi: "3.2.0" });
 */
export function toOpenApi(version: string, options: { openapi?: OpenApiVersion } = {}): JsonSchema {
  const openapi = options.openapi ?? "3.1.0";
  const paths = Object.fromEntries([
    ...Object.values(methods).map((method) => [methodUrlPath(method.name), openApiPathItem(method, openapi)]),
    // OpenAPI 3.1 has no way to describe the items of a stream; 3.2's `itemSchema` has.
    ...(openapi === "3.2.0"
      ? Object.values(streams).map((stream) => [stream.path, openApiStreamPathItem(stream)])
      : []),
  ]);
  return {
    openapi,
    info: {
      title: "wsafe /v1 Web API",
      version,
      summary:
        "Workplace health-and-safety records: resources and their versions, equipment and its inspection schedules, users.",
      description: [
        "Every method is `{base_url}/v1/<method>`, over HTTPS (TLS 1.2 or newer), with GET or POST.",
        "The request data is one JSON object: the POST body, or the whole percent-encoded query string of a GET. It always holds `token`, and may hold `pretty`.",
        "Authentication: the API token is the `token` property of the request data, required by every method's schema. It is not a header, a cookie or a query parameter of its own, so the operations declare no security scheme; a generated client sends it as part of the body it types.",
        "Every answer is HTTP 200 with a JSON object: `ok: true` and the method's fields, or `ok: false` with an `error` identifier and a `description`.",
      ].join("\n\n"),
      contact: { name: "wsafe documentation", url: docsHome },
      license: { name: "MIT", identifier: "MIT" },
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    // The address `wsafe serve` (and `npm start`) prints, as the docs give it: a browser's
    // certificate exception for one name does not cover another.
    servers: [{ url: "https://{host}", variables: { host: { default: "127.0.0.1:8443" } } }],
    // No HTTP-level security requirement, said explicitly: linters ask for one, and an
    // empty list is the truth (the token is inside the request data, see above).
    security: [],
    tags: namespaceTags(),
    paths,
    components: { schemas: openApiComponentSchemas() },
    externalDocs: { url: docsHome },
  };
}
