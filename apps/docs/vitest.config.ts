import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Browser tests start Chromium and a server; each step may take seconds on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
