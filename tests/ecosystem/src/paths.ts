import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/** tests/ecosystem, whatever the working directory of the run. */
export const ecosystemDir = fileURLToPath(new URL("..", import.meta.url));

/**
 * The published documents, resolved the way a consumer of `@wsafe/schema` resolves
 * them: the package's own export map.
 */
export const publishedFiles = {
  openapi31: require.resolve("@wsafe/schema/openapi.json"),
  openapi32: require.resolve("@wsafe/schema/openapi-3.2.json"),
  jsonSchemaDir: dirname(require.resolve("@wsafe/schema/json-schema/ErrorResponse.json")),
};

/** The path of a tool's command in the suite's own node_modules/.bin. */
export function toolBin(name: string): string {
  return join(ecosystemDir, "node_modules", ".bin", name);
}

/** Where the suite writes what the tools generate (gitignored); one folder per run. */
export const generatedDir = join(ecosystemDir, ".generated");
