import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // One story, in order: publish, install, use, then the patch release.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 900_000,
  },
});
