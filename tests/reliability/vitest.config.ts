import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // src/: unit tests beside the generators and helpers, which need no server.
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/globalSetup.ts"],
    // One file at a time: the files start servers, databases and load on a 2-core
    // machine, and their timing figures only mean something without a neighbour.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Figures are printed with console.log; show them as they come.
    silent: false,
  },
});
