import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One mutation of `npm run mutation:contract` and what became of it. */
export interface ContractMutation {
  /** What kind of code it changes, e.g. `status SQL`. */
  group: string;
  /** The change, e.g. `now >= date → now > date`. */
  name: string;
  /** The mutated file, from the repository root. */
  file: string;
  /** Whether a test failed, or why none can (`equivalent`). */
  verdict: "caught" | "equivalent" | "survived";
  /** The suite and test that caught it, or why it is equivalent. */
  by: string;
}

/** `tests/contract-mutations/results.json`, which `npm run mutation:contract -- --publish` writes. */
export interface ContractMutationResults {
  /** The day of the run, `YYYY-MM-DD`. */
  measuredOn: string;
  /** The stores the server's suites ran on. */
  stores: string;
  /** The fast-check seed of the random suites. */
  seed: number;
  /** How long the run took. */
  minutes: number;
  mutations: ContractMutation[];
}

/**
 * The results of the last published `npm run mutation:contract`, read at docs build
 * time, so the docs page and the script's README never restate a row.
 *
 * @param repoRoot - the repository root
 * @returns the results, or `undefined` before the first published run
 */
export function readContractMutations(repoRoot: string): ContractMutationResults | undefined {
  const file = join(repoRoot, "tests", "contract-mutations", "results.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ContractMutationResults) : undefined;
}
