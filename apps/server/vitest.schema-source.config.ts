// The server's suites run against @wsafe/schema's TypeScript source instead of its
// build, so that a change to the schema (the pipeline table, the status rules) reaches
// them without a rebuild: tests/contract-mutations/mutate-contract.mjs applies its
// schema mutations this way.
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config.js";

const schemaSource = (path: string) =>
  fileURLToPath(new URL(`../../packages/schema/src/${path}`, import.meta.url));

export default mergeConfig(
  base,
  defineConfig({
    resolve: {
      alias: [
        { find: /^@wsafe\/schema$/, replacement: schemaSource("index.ts") },
        { find: /^@wsafe\/schema\/wire$/, replacement: schemaSource("wire.ts") },
        { find: /^@wsafe\/schema\/openapi$/, replacement: schemaSource("openapi/index.ts") },
      ],
    },
  }),
);
