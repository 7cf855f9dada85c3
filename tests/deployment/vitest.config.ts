import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // One topology at a time: it is seven processes and a load on a 2-core machine.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Figures (requests, retries, how long each server took to be seen) are printed.
    silent: false,
  },
});
