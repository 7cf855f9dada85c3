import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    // `npm run pack` once for the whole suite (every file reads it): src/testing/packOnce.ts.
    globalSetup: ["src/testing/packOnce.ts"],
  },
});
