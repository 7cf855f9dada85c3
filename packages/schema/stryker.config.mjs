// Mutation testing of @wsafe/schema: `npm run mutation` at the root (scripts/mutation.mjs).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.stryker.config.ts" },
  coverageAnalysis: "perTest",
  ignoreStatic: true,
  mutate: [
    "src/**/*.ts",
    "!src/**/*.test.ts",
    "!src/**/*.test-d.ts",
    // Test helpers, not the contract.
    "!src/testing/**",
    // The build step that writes generated/; its output is what the tests read.
    "!src/generate/writeArtifacts.ts",
    // The command line runs from dist/ in a child process (validate.test.ts): no
    // in-process test runner can see a mutant of it.
    "!src/cli.ts",
  ],
  incremental: true,
  // Committed: see the README's "Mutation testing" for why.
  incrementalFile: "stryker-incremental.json",
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  concurrency: 2,
  thresholds: { high: 90, low: 80, break: null },
};
