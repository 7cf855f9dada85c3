import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // End-to-end files start real servers (the embedded store needs seconds to create):
    // two at a time suits the two-core machines the suite runs on.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          // Type tests (`*.test-d.ts`: the pipeline's lanes, the services) run through tsc in the same run.
          typecheck: { enabled: true, include: ["src/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
          // The unit tests beside the code share their worker's modules instead of loading
          // the server's graph again for each file (and making a new in-memory store's
          // cluster once per worker, not per file): 54 s of CPU instead of 130 for the 60
          // files, measured on 2 busy cores. A test that changes a module's state (fake
          // timers, spies, a mocked module) undoes it in its own hooks.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "end-to-end",
          include: ["test/**/*.test.ts"],
          // The same for the end-to-end files: each used to load the server's whole graph
          // from source again (94 s of the suite's import time on 2 quiet cores, 16 s
          // shared). Every file closes the servers, stores and receivers it starts in its
          // own hooks, and the two that fake Date restore it after each test.
          isolate: false,
        },
      },
    ],
  },
});
