import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type ContractMutationResults, readContractMutations } from "../readContractMutations.js";
import {
  contractMutationsSection,
  contractMutationsSummary,
  contractMutationsTable,
} from "./contractMutationsSection.js";

const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));

const results: ContractMutationResults = {
  measuredOn: "2026-11-23",
  stores: "PGlite and PostgreSQL",
  seed: 1,
  minutes: 36.5,
  mutations: [
    {
      group: "status SQL",
      name: "now >= date → now > date",
      file: "apps/server/src/store/equipmentRecordSql.ts",
      verdict: "caught",
      by: "`statusBoundaries.test.ts`: as_of: gives every schedule its status (PGlite)",
    },
    {
      group: "status rules",
      name: "swap rules a ↔ b",
      file: "packages/schema/src/records/status.ts",
      verdict: "equivalent",
      by: "both rules answer expired: their order cannot matter",
    },
  ],
};

describe(contractMutationsSection, () => {
  it("says there is no published run before the first one", () => {
    expect(contractMutationsSection(undefined)).toContain("No published run yet");
  });

  it("shows one row per mutation, with the test that caught it or why none can", () => {
    expect(contractMutationsTable(results).split("\n").slice(2)).toEqual([
      "| status SQL | now >= date → now > date | `apps/server/src/store/equipmentRecordSql.ts` | yes | `statusBoundaries.test.ts`: as_of: gives every schedule its status (PGlite) |",
      "| status rules | swap rules a ↔ b | `packages/schema/src/records/status.ts` | equivalent | both rules answer expired: their order cannot matter |",
    ]);
    expect(contractMutationsSummary(results)).toMatch(/^1 of 1 mutations caught, 1 equivalent/);
  });

  it("is the table tests/contract-mutations/README.md shows, from its results.json", () => {
    const published = readContractMutations(repoRoot);
    expect(published, "results.json is missing: run `npm run mutation:contract -- --publish`").toBeDefined();
    const readme = readFileSync(`${repoRoot}tests/contract-mutations/README.md`, "utf8");
    expect(readme).toContain(contractMutationsSummary(published!));
    expect(readme).toContain(contractMutationsTable(published!));
  });
});
