// The Stryker options every mutated package shares (`npm run mutation`, see
// scripts/mutation.mjs); each package's stryker.config.mjs names only what it mutates
// and what it needs beyond these. Stryker loads the config from the package itself, not
// from its sandbox copy, so a relative import of this file works (the vitest configs
// Stryker runs inside the sandbox cannot share code this way).

/**
 * @param {string[]} mutate - the files to mutate, in Stryker's glob syntax
 * @param {import('@stryker-mutator/api/core').PartialStrykerOptions} [extra] - options of this package only
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function strykerOptions(mutate, extra = {}) {
  return {
    testRunner: "vitest",
    plugins: ["@stryker-mutator/vitest-runner"],
    vitest: { configFile: "vitest.stryker.config.ts" },
    coverageAnalysis: "perTest",
    ignoreStatic: true,
    mutate,
    incremental: true,
    // Committed: see the README's "Mutation testing" for why.
    incrementalFile: "stryker-incremental.json",
    reporters: ["clear-text", "progress", "json", "html"],
    jsonReporter: { fileName: "reports/mutation/mutation.json" },
    htmlReporter: { fileName: "reports/mutation/mutation.html" },
    concurrency: 2,
    thresholds: { high: 90, low: 80, break: null },
    ...extra,
  };
}
