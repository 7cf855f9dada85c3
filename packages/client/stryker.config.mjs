// Mutation testing of @wsafe/client: `npm run mutation` at the root (scripts/mutation.mjs).
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
    // The fake fetch of the tests.
    "!src/testing/**",
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
