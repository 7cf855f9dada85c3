import {
  methodNames,
  methods,
  recordPage,
  registerWriteMethods,
  schemaCatalog,
  schemaNames,
} from "@wsafe/schema";
import { jsonSchemaBaseUrl, openApi32Url, openApiUrl } from "@wsafe/schema/openapi";

// Where each generated page lives. The schema package's TSDoc links point here too
// (`/methods/<name>/`, `/records/<record>/`, `/errors/`, `/dataset/`), so keep them stable.

/**
 * The catalog records that get a page of their own, in sidebar order: those whose
 * catalog entry names a page after itself (`EquipmentSelection` is shown on the
 * equipment page).
 */
export const recordPageNames = schemaNames.filter((name) => schemaCatalog[name].page === name.toLowerCase());

/** The slug of a record's page (`Equipment` → `equipment`), or undefined when it has none. */
export function recordSlug(name: string): string | undefined {
  return recordPage(name);
}

/** The URL path of a method's page. */
export const methodPath = (name: string) => `/methods/${name}/`;

/**
 * Pages that explain a method beyond its reference page (what it is for, a picture, a
 * recipe), linked from the method's page.
 */
export const methodGuides: Readonly<Record<string, { title: string; path: string; about: string }>> = {
  "events.list": {
    title: "Events",
    path: "/events/",
    about: "what an event is, one equipment's timeline, what falls due this month, the stream",
  },
  ...Object.fromEntries(
    // The register's writes and every feed, as the schema has them.
    [...registerWriteMethods, ...methodNames.filter((name) => methods[name].feed)].map((name) => [
      name,
      {
        title: "Keeping the register",
        path: "/register/",
        about: "the writes, external_id upserts, if_version, the mirror, a sync of an asset system's file",
      },
    ]),
  ),
  ...Object.fromEntries(
    // Every method of the webhooks namespace, as the registry has them.
    methodNames
      .filter((name) => name.startsWith("webhooks."))
      .map((name) => [
        name,
        {
          title: "Webhooks",
          path: "/webhooks/",
          about: "the delivery, retries, states, secret rotation, the security rules, receivers that verify",
        },
      ]),
  ),
};

/** The URL path of a published JSON Schema file; the file's `$id` ends with the same path. */
export const schemaFilePath = (name: string) => new URL(`${jsonSchemaBaseUrl}${name}.json`).pathname;

/** The URL path of the published OpenAPI document: where its published URL points. */
export const openApiPath = new URL(openApiUrl).pathname;

/** The URL path of the published OpenAPI 3.2 document, beside the 3.1 one. */
export const openApi32Path = new URL(openApi32Url).pathname;

/** The anchor of an error identifier's row on the errors page. */
export const errorPath = (identifier: string) => `/errors/#${identifier}`;

/**
 * Where a newcomer's server listens: the address `npm start` serves and prints
 * (`listening on https://127.0.0.1:8443`). Exactly that one: the certificate names
 * `localhost` too, but a browser's exception accepted for one name does not cover the
 * other, and a newcomer copies what the terminal shows.
 */
export const defaultBaseUrl = "https://127.0.0.1:8443";
