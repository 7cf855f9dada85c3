// Where each generated page lives. The schema package's TSDoc links point here too
// (`/methods/<name>/`, `/records/<record>/`, `/errors/`, `/dataset/`), so keep them stable.

/** The catalog records that get a page of their own, in sidebar order. */
export const recordPageNames = [
  "Resource",
  "Version",
  "Equipment",
  "Schedule",
  "User",
  "Status",
  "Metavalues",
] as const;

/** Records shown on another record's page rather than their own. */
const recordAliases: Record<string, string> = { EquipmentSelection: "equipment" };

/** The slug of a record's page (`Equipment` → `equipment`), or undefined when it has none. */
export function recordSlug(name: string): string | undefined {
  if (recordAliases[name]) return recordAliases[name];
  return (recordPageNames as readonly string[]).includes(name) ? name.toLowerCase() : undefined;
}

/** The URL path of a method's page. */
export const methodPath = (name: string) => `/methods/${name}/`;

/** The URL path of a published JSON Schema file; the file's `$id` ends with the same path. */
export const schemaFilePath = (name: string) => `/v1/schemas/${name}.json`;

/** The URL path of the published OpenAPI document. */
export const openApiPath = "/v1/openapi.json";

/** The anchor of an error identifier's row on the errors page. */
export const errorPath = (identifier: string) => `/errors/#${identifier}`;

/** Where a newcomer's server listens: `npm start` serves HTTPS on this address. */
export const defaultBaseUrl = "https://localhost:8443";
