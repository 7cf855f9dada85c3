import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type MutationScores, readMutationScores } from "../readMutationScores.js";
import { mutationScoresPageTable, mutationScoresTable, mutationTestingPage } from "./mutationTestingPage.js";

const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));

const scores: MutationScores = {
  packages: {
    "@wsafe/schema": {
      scope: "packages/schema/src/",
      score: 87.5,
      mutants: 8,
      killed: 6,
      timeout: 1,
      survived: 1,
      noCoverage: 0,
      ignored: 3,
      measuredOn: "2026-11-23",
      seconds: 60,
      survivors: [
        {
          file: "packages/schema/src/a.ts",
          line: 3,
          mutator: "StringLiteral",
          replacement: '"a|b"',
          status: "Survived",
        },
      ],
    },
  },
};

describe(mutationTestingPage, () => {
  it("says there is no run yet before the first one", () => {
    expect(mutationTestingPage(undefined)).toContain("No mutation run yet");
  });

  it("shows each package's score and lists its survivors", () => {
    const text = mutationTestingPage(scores);
    expect(text).toContain(mutationScoresPageTable(scores));
    expect(text).toContain("| score | 87.5 % |");
    expect(text).toContain('| `packages/schema/src/a.ts:3` | StringLiteral | `"a\\|b"` | survived |');
  });
});

describe(mutationScoresTable, () => {
  it("counts timeouts as detected and prints the score with one decimal", () => {
    expect(mutationScoresTable(scores).split("\n")[2]).toBe(
      "| @wsafe/schema | `packages/schema/src/` | 87.5 % | 7 | 1 | 0 | 3 | 2026-11-23 |",
    );
  });

  it("is the table the root README shows, from mutation-scores.json", () => {
    const published = readMutationScores(repoRoot);
    expect(published, "mutation-scores.json is missing: run `npm run mutation`").toBeDefined();
    const readme = readFileSync(`${repoRoot}README.md`, "utf8");
    const expected = mutationScoresTable(published!);
    expect(
      readme.includes(expected),
      `README.md's mutation table differs from mutation-scores.json; it should read:\n${expected}\n`,
    ).toBe(true);
  });
});
