// Build step: writes the generated artifacts the package ships (see package.json
// "exports"): generated/openapi.json (OpenAPI 3.1), generated/openapi-3.2.json,
// generated/json-schema/<name>.json and
// generated/contract.json. Run after tsc, from the package directory.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { schemaNames } from "../catalog.js";
import { toContract } from "./toContract.js";
import { toJsonSchema } from "./toJsonSchema.js";
import { toOpenApi } from "./toOpenApi.js";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const out = join(packageDir, "generated");
const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { version: string };
const write = (file: string, value: unknown) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
};

for (const name of schemaNames) write(join(out, "json-schema", `${name}.json`), toJsonSchema(name));
write(join(out, "openapi.json"), toOpenApi(version));
write(join(out, "openapi-3.2.json"), toOpenApi(version, { openapi: "3.2.0" }));
write(join(out, "contract.json"), toContract());
console.log(
  `@wsafe/schema: wrote ${schemaNames.length} JSON Schemas, openapi.json, openapi-3.2.json and contract.json to generated/`,
);
