import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // src/: unit tests beside the generators and helpers, which need no server.
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/globalSetup.ts"],
    // One file at a time: the files start servers, databases and load on a 2-core
    // machine, and their timing figures only mean something without a neighbour.
    fileParallelism: false,
    // The files share their worker's modules instead of loading the server's graph again
    // each (import 28 s to 6 s, the suite 104 s of CPU to 67, 2026-11-29); each closes what
    // it starts in its own hooks.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Figures are printed with console.log; show them as they come.
    silent: false,
  },
});
