// Redocly CLI and Spectral read the published documents as another team's CI would:
// zero findings of any severity. A rule that contradicts the /v1 design is switched
// off in the committed config with its reason (redocly.yaml, .spectral.yaml).
import { readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lintWithRedocly } from "../src/lintWithRedocly.js";
import { lintWithSpectral } from "../src/lintWithSpectral.js";
import { generatedDir, publishedFiles } from "../src/paths.js";

describe("Redocly CLI lint (recommended)", () => {
  it.each([
    ["OpenAPI 3.1", publishedFiles.openapi31],
    ["OpenAPI 3.2", publishedFiles.openapi32],
  ])("finds nothing in the %s document", async (_version, file) => {
    expect(await lintWithRedocly(file)).toEqual([]);
  });

  // Proof that the 3.2 document was read as 3.2: the same linter fails a querystring
  // parameter that breaks the 3.2 rules.
  it("fails a 3.2 document whose querystring parameter is mixed with a query parameter", async () => {
    const document = JSON.parse(readFileSync(publishedFiles.openapi32, "utf8"));
    const get = Object.values(document.paths as Record<string, { get: { parameters: object[] } }>)[0]!.get;
    get.parameters.push({ name: "extra", in: "query", schema: { type: "string" } });
    await mkdir(generatedDir, { recursive: true });
    const file = join(generatedDir, "broken-openapi-3.2.json");
    writeFileSync(file, JSON.stringify(document));
    expect(await lintWithRedocly(file)).toContainEqual(
      expect.objectContaining({ rule: "spec-querystring-parameters", severity: "error" }),
    );
  });
});

describe("Spectral lint (spectral:oas)", () => {
  it("finds nothing in the OpenAPI 3.1 document", async () => {
    expect(await lintWithSpectral(publishedFiles.openapi31)).toEqual([]);
  });
});
