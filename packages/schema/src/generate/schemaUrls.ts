/** Where the published JSON Schema files live; each file's `$id` is this plus `<name>.json`. */
export const jsonSchemaBaseUrl = "https://docs.wsafe.dev/v1/schemas/";

/** Where the published OpenAPI document lives. */
export const openApiUrl = "https://docs.wsafe.dev/v1/openapi.json";

/** Where the published OpenAPI 3.2 document lives, beside the 3.1 one. */
export const openApi32Url = "https://docs.wsafe.dev/v1/openapi-3.2.json";
