import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { schemaNames } from "./catalog.js";
import { jsonSchemaBaseUrl } from "./generate/schemaUrls.js";
import { toJsonSchema } from "./generate/toJsonSchema.js";
import { packageDir, readPublishedSchema, strictAjv } from "./testing/ajv.js";
import { payloadCases } from "./testing/payloads.js";
import { validate } from "./validate.js";

describe("published JSON Schema files", () => {
  it("holds exactly one file per catalog schema", () => {
    const files = readdirSync(join(packageDir, "generated", "json-schema")).sort();
    expect(files).toEqual(schemaNames.map((name) => `${name}.json`).sort());
  });

  it.each(schemaNames)("%s is what the build generates, with an $id at its stable URL", (name) => {
    const published = readPublishedSchema(name);
    expect(published).toEqual(toJsonSchema(name));
    expect(published.$id).toBe(`${jsonSchemaBaseUrl}${name}.json`);
    expect(published.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it.each(schemaNames)("%s compiles with ajv in strict mode", (name) => {
    expect(() => strictAjv().compile(readPublishedSchema(name))).not.toThrow();
  });

  it("carries no zod-only constructs", () => {
    for (const name of schemaNames) {
      const text = JSON.stringify(readPublishedSchema(name));
      expect(text, name).not.toMatch(/"~standard"|"_zod"|"def"|"x-zod|"\$zod/);
    }
  });

  it("keeps request data strict and response records open to added fields", () => {
    expect(readPublishedSchema("equipments.list.params").additionalProperties).toBe(false);
    expect(readPublishedSchema("Dataset").additionalProperties).toBe(false);
    expect(readPublishedSchema("Equipment")).not.toHaveProperty("additionalProperties");
  });
});

describe("zod and the published JSON Schema agree", () => {
  const validators = new Map(
    schemaNames.map((name) => [name, strictAjv().compile(readPublishedSchema(name))]),
  );

  it.each(payloadCases)("$schema: $title (valid: $valid)", ({ schema, payload, valid }) => {
    const zodResult = validate(schema, structuredClone(payload));
    const ajvResult = validators.get(schema)!(structuredClone(payload));
    expect({ zod: zodResult.ok, ajv: ajvResult }).toEqual({ zod: valid, ajv: valid });
  });

  it("covers every record, envelope and method schema with a valid and an invalid payload", () => {
    for (const name of schemaNames.filter((name) => !["ErrorIdentifier", "Metavalues"].includes(name))) {
      const cases = payloadCases.filter((c) => c.schema === name);
      expect(
        cases.some((c) => c.valid),
        `${name} has a valid case`,
      ).toBe(true);
      if (!name.endsWith(".result") || name === "resources.list.result") {
        expect(
          cases.some((c) => !c.valid),
          `${name} has an invalid case`,
        ).toBe(true);
      }
    }
  });
});
