// The section of the mutation testing page about what Stryker cannot reach: the SQL of
// the statuses and filters, and the order of the request pipeline's checks, which
// `npm run mutation:contract` changes itself (tests/contract-mutations).
import { inlineCode, page, table } from "../markdown.js";
import type { ContractMutationResults } from "../readContractMutations.js";

const verdictText = { caught: "yes", equivalent: "equivalent", survived: "**no**" } as const;

/**
 * One row per mutation: the table tests/contract-mutations/README.md holds too (a test
 * requires it to be this one).
 *
 * @param results - tests/contract-mutations/results.json
 */
export function contractMutationsTable(results: ContractMutationResults): string {
  return table(
    ["group", "mutation", "file", "caught", "by"],
    results.mutations.map((m) => [m.group, m.name, inlineCode(m.file), verdictText[m.verdict], m.by]),
  );
}

/**
 * The same mutations for the site in three columns: five did not fit the page's column
 * (the browser test holds every table to it).
 *
 * @param results - tests/contract-mutations/results.json
 */
export function contractMutationsPageTable(results: ContractMutationResults): string {
  return table(
    ["mutation", "file", "caught"],
    results.mutations.map((m) => [
      `${m.group}: ${m.name}`,
      inlineCode(m.file),
      m.by ? `${verdictText[m.verdict]}: ${m.by}` : verdictText[m.verdict],
    ]),
  );
}

/** The run in one sentence, as the README says it. */
export function contractMutationsSummary(results: ContractMutationResults): string {
  const count = (verdict: string) => results.mutations.filter((m) => m.verdict === verdict).length;
  const equivalent = count("equivalent");
  return `${count("caught")} of ${results.mutations.length - equivalent} mutations caught, ${equivalent} equivalent (they change no behaviour); server suites on ${results.stores}, fast-check seed ${results.seed}, ${results.minutes} min on ${results.measuredOn}.`;
}

/**
 * The section, or a line saying there is no published run yet.
 *
 * @param results - tests/contract-mutations/results.json, if published
 */
export function contractMutationsSection(results: ContractMutationResults | undefined): string {
  const heading = "## What a mutation tool cannot reach: SQL and the pipeline's order";
  const intro =
    "Statuses, filters and pages are computed in SQL text, and the precedence of errors is the order of a table: no JavaScript mutant reaches them. `npm run mutation:contract` makes those changes itself, one at a time - every single-operator change to the status SQL's comparisons and to the rules it is generated from, and every adjacent swap of two checks of the request pipeline, both where the server runs them and in the contract's table - runs the suites that pin them (the generated precedence of every pair of checks on every method, the status rules at their exact instants, a differential test of both stores against a reference) and records which test noticed.";
  if (!results)
    return page(
      heading,
      intro,
      "No published run yet: `npm run mutation:contract -- --publish` writes one.",
    ).trimEnd();
  return page(
    heading,
    intro,
    contractMutationsSummary(results),
    contractMutationsPageTable(results),
  ).trimEnd();
}
