import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One real server for the whole run, started before the first file.
    globalSetup: ["test/globalSetup.ts"],
    // One file at a time: each drives a tool (a proxy, two generators, tsc, Python)
    // that wants the 2-core machine to itself.
    fileParallelism: false,
    testTimeout: 120_000,
    // Case names are derived from the registry's example titles: show them whole.
    chaiConfig: { truncateThreshold: 0 },
    hookTimeout: 180_000,
  },
});
