// One strict ajv (JSON Schema 2020-12) over the published files, as a service in
// another language would use them: files read from generated/, not generated anew.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { SchemaName } from "../catalog.js";

/** The package's directory, for reading the generated artifacts. */
export const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Reads a generated JSON Schema file of the package. */
export function readPublishedSchema(name: SchemaName): Record<string, unknown> {
  return JSON.parse(readFileSync(join(packageDir, "generated", "json-schema", `${name}.json`), "utf8"));
}

/** A strict ajv instance: unknown keywords, ambiguous types and the like are errors. */
export function strictAjv() {
  return new Ajv2020({ strict: true, allErrors: true });
}
