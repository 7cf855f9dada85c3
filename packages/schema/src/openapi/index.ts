/**
 * Generators of the published artifacts, for tools that want them in memory rather
 * than from the files the package ships (`@wsafe/schema/openapi.json`, `@wsafe/schema/openapi-3.2.json`,
 * `@wsafe/schema/json-schema/<name>.json`).
 *
 * @packageDocumentation
 */

export { jsonSchemaBaseUrl, openApi32Url, openApiUrl } from "../generate/schemaUrls.js";
export { type ContractSnapshot, toContract } from "../generate/toContract.js";
export { type JsonSchema, toJsonSchema } from "../generate/toJsonSchema.js";
export { type OpenApiVersion, toOpenApi } from "../generate/toOpenApi.js";
