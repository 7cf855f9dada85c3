// Mutation testing of the server's request pipeline, its parameter step and its
// pagination cursors: `npm run mutation` at the root (scripts/mutation.mjs). The rest of
// the server is SQL and I/O, which the store suites and the differential tests cover.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.stryker.config.ts" },
  coverageAnalysis: "perTest",
  ignoreStatic: true,
  mutate: [
    "src/pipeline/**/*.ts",
    "src/pagination/**/*.ts",
    // The `parameters` and `method_lookups` steps: the procedures and how they are called.
    "src/trpc/**/*.ts",
    "!src/**/*.test.ts",
  ],
  incremental: true,
  // Committed: see the README's "Mutation testing" for why.
  incrementalFile: "stryker-incremental.json",
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  concurrency: 2,
  // The first run starts a real server per end-to-end file, on shared cores.
  dryRunTimeoutMinutes: 15,
  thresholds: { high: 90, low: 80, break: null },
};
