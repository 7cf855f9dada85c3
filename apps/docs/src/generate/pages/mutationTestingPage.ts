// The mutation testing page: the score of each package from mutation-scores.json (which
// `npm run mutation` writes), what is mutated and what is not, and the mutants that
// survive, with why the ones left cannot matter.
import { frontMatter, inlineCode, page, table } from "../markdown.js";
import type { ContractMutationResults } from "../readContractMutations.js";
import type { MutationScores, PackageMutationScore } from "../readMutationScores.js";
import { contractMutationsSection } from "./contractMutationsSection.js";

/**
 * The score table, one row per package. The root README holds the same table, and a
 * test requires it to be this one, so the two cannot drift.
 *
 * @param scores - the contents of mutation-scores.json
 */
export function mutationScoresTable(scores: MutationScores): string {
  return table(
    ["package", "mutated", "score", "detected", "survived", "not covered", "static (not run)", "measured"],
    Object.entries(scores.packages).map(([name, figures]) => [
      name,
      figures.scope
        .split(", ")
        .map((scope) => inlineCode(scope))
        .join(", "),
      `${figures.score.toFixed(1)} %`,
      String(figures.killed + figures.timeout),
      String(figures.survived),
      String(figures.noCoverage),
      String(figures.ignored),
      figures.measuredOn,
    ]),
  );
}

/**
 * The same scores for the site, one column per package: eight columns of figures do not
 * fit the page's column (the browser test holds every table to it), three do.
 *
 * @param scores - the contents of mutation-scores.json
 */
export function mutationScoresPageTable(scores: MutationScores): string {
  const packages = Object.entries(scores.packages);
  const row = (label: string, cell: (figures: PackageMutationScore) => string) => [
    label,
    ...packages.map(([, figures]) => cell(figures)),
  ];
  return table(
    ["", ...packages.map(([name]) => name)],
    [
      row("mutated", (figures) =>
        figures.scope
          .split(", ")
          .map((scope) => inlineCode(scope))
          .join(", "),
      ),
      row("score", (figures) => `${figures.score.toFixed(1)} %`),
      row("detected", (figures) => String(figures.killed + figures.timeout)),
      row("survived", (figures) => String(figures.survived)),
      row("not covered", (figures) => String(figures.noCoverage)),
      row("static (not run)", (figures) => String(figures.ignored)),
      row("measured", (figures) => figures.measuredOn),
    ],
  );
}

/** Why the survivors of each kind cannot matter (Markdown list items). */
export const equivalentMutantKinds: readonly string[] = [
  "**Equivalent by construction**: the mutant computes the same thing another way. `\"reached\" in when` made `true` in `scheduleStatusAt` (a rule without `reached` then compares against `undefined`, which never holds); a JSON Schema generated for `\"\"` instead of `\"output\"` (zod's default); every catalog schema read as input when building components (only request schemas differ between the two); the request data's walk run one index past an array's or an object's end (it reads `undefined`, which it leaves alone), and so the client's constant-time comparison of signatures (`NaN ^ NaN` is 0); a page walk that reads `params[undefined]` for a method without an instant (`undefined` either way); `events.stream` looking up where an absent `from` starts (the lookup of `null` finds nothing, and the stream starts from now as before); a parameters' plan made again on every call instead of kept (only slower); one side of a condition made `true` where the other compares a number with `undefined`, which is always false (the rules of `inspections.record`, the client's retry rule), or tests a pattern on `null`, whose text `\"null\"` the pattern refuses too (the client's `Retry-After` and server time); a JSON syntax error's scan run one character past the text's end (it reads `undefined`, which is neither whitespace nor a value); a union option's first issue read without `?.` (an option that failed has one); in the client, a webhook key made extractable (it never leaves the function), and `?.` made `.` on a signal that exists whenever the line runs.",
  "**Equivalent under the current contract**: branches for shapes the registry does not have yet. A catalog schema without a `.meta` id (the JSON Schema's root is then not a `$ref`), a recursive schema (whose self-references become `#`), a method without a request example, a parameter issue at the root of the request data (no method has a refinement across parameters), an object without a prototype in the request data (JSON, as `/v1` and tRPC decode it, never makes one), a union with a `null`, a record or two options of one JSON type (the contract's two unions, a metavalue and `users.info`'s `user`, have none), a JSON Schema that refers to itself or has no `$ref` at its root (zod gives every catalog schema one), a method name among the open enumerations of the contract snapshot. The code handles them when they appear; until then no input can tell the mutant apart.",
  "**Messages nobody reads but a developer**: the text of an `Error` thrown for a programming mistake the start already refuses (a catalog schema without a description, a status rule table whose last rule does not always hold, a check planned after the procedure), and the path and HTTP method a `/trpc` call's request state is given for the record, which none of its steps reads (tRPC's adapter has routed the call and checked its method).",
];

function survivorsSection(name: string, figures: PackageMutationScore): string {
  if (figures.survivors.length === 0) return `### ${name}\n\nNo mutant survives.`;
  return page(
    `### ${name}`,
    table(
      ["where", "mutator", "replaced by", "status"],
      figures.survivors.map((survivor) => [
        inlineCode(`${survivor.file}:${survivor.line}`),
        survivor.mutator,
        inlineCode(survivor.replacement.replace(/\s+/g, " ").slice(0, 80)),
        survivor.status === "NoCoverage" ? "not covered" : "survived",
      ]),
    ),
  ).trimEnd();
}

/**
 * The Markdown of the mutation testing page.
 *
 * @param scores - mutation-scores.json, or `undefined` before the first run
 * @param contractMutations - tests/contract-mutations/results.json, if published
 */
export function mutationTestingPage(
  scores: MutationScores | undefined,
  contractMutations?: ContractMutationResults,
): string {
  const intro = frontMatter({
    title: "Mutation testing",
    description: "How well the tests pin the code: Stryker's mutation score per package (npm run mutation).",
  });
  if (scores === undefined)
    return page(
      intro,
      "No mutation run yet. `npm run mutation` writes `mutation-scores.json`.",
      contractMutationsSection(contractMutations),
    );
  return page(
    intro,
    "[Stryker](https://stryker-mutator.io/) changes the code one small operator at a time (a `>=` becomes `>`, a condition becomes `true`, a string becomes empty) and runs the tests against each change, a *mutant*. A mutant that makes a test fail is detected; one that every test lets through shows code the tests do not pin. The score is detected over detected plus undetected mutants.",
    mutationScoresPageTable(scores),
    "## Running it",
    "`npm run mutation` (or `pnpm mutation`) runs the three packages one after the other and writes `mutation-scores.json`, which this page and the README's check read. `npm run mutation -- schema` runs one package (`schema`, `client`, `server`); other arguments go to `stryker run` (`--force` for a full run, `--mutate src/foo.ts` for one file while writing tests, which publishes nothing). It is not part of `npm test`: a full run takes tens of minutes on two cores. Each package's `stryker-incremental.json` is committed, so a run after a change retests only the mutants the change touches.",
    "Each package has a `stryker.config.mjs` and a `vitest.stryker.config.ts`: the package's tests less those no mutant can reach (type tests, tests of the built `dist/` or of a bundle in Chromium), quick files first, since a mutant's run stops at its first failing test.",
    "## What is not mutated",
    [
      "- **Static code**, run once when a module loads: the zod declarations of the contract (every record, parameter and description), the registry and the tables. Stryker would have to reload every test file for each of those mutants (`ignoreStatic`); they are pinned instead by the released contract snapshot and the breaking-change gate (`npm run contract:check`), which sees any change to a declared type, constraint, enum value or identifier. The table counts them as *static (not run)*.",
      "- **SQL**: statuses, filters, ordering and pagination queries run in PostgreSQL and PGlite, where no JavaScript mutant reaches; the store suites and the differential tests over both stores and a reference implementation pin them, and `npm run mutation:contract` mutates them itself (see the last section).",
      `- Code reached only through a child process or a build: the schema's command line (${inlineCode("src/cli.ts")}, tested through its built bin) and the build step that writes ${inlineCode("generated/")}.`,
    ].join("\n"),
    "## Surviving mutants",
    "A survivor that could change what a caller sees gets a test that kills it. Those that cannot matter are of these kinds:",
    equivalentMutantKinds.map((kind) => `- ${kind}`).join("\n"),
    ...Object.entries(scores.packages).map(([name, figures]) => survivorsSection(name, figures)),
    contractMutationsSection(contractMutations),
  );
}
