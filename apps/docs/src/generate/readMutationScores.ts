import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A mutant that no test detected, as `npm run mutation` lists it. */
export interface Survivor {
  /** The source file, from the repository root. */
  file: string;
  line: number;
  /** Stryker's mutator, e.g. `ConditionalExpression`. */
  mutator: string;
  /** The code the mutant put in. */
  replacement: string;
  /** `Survived` (tests ran, none failed) or `NoCoverage` (no test ran the code). */
  status: "Survived" | "NoCoverage";
}

/** The figures of one package's last mutation run. */
export interface PackageMutationScore {
  /** The folders mutated, from the repository root. */
  scope: string;
  /** Detected over detected plus undetected, in percent. */
  score: number;
  /** Mutants counted in the score. */
  mutants: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  /** Static mutants, which Stryker does not run with `ignoreStatic`. */
  ignored: number;
  /** The day of the run, `YYYY-MM-DD`. */
  measuredOn: string;
  /** How long the run took (an incremental run reuses earlier results). */
  seconds: number;
  survivors: Survivor[];
}

/** `mutation-scores.json` at the repository root, which `npm run mutation` writes. */
export interface MutationScores {
  packages: Record<string, PackageMutationScore>;
}

/**
 * The scores of the last `npm run mutation`, read at docs build time from the file it
 * writes, so the docs page and the README's check never restate a figure.
 *
 * @param repoRoot - the repository root
 * @returns the scores, or `undefined` before the first run
 */
export function readMutationScores(repoRoot: string): MutationScores | undefined {
  const file = join(repoRoot, "mutation-scores.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as MutationScores) : undefined;
}
