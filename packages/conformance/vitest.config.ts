import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Each test runs the whole kit against a fixture server: seconds on an idle machine,
    // past vitest's default 5 s when other suites share the two cores.
    testTimeout: 60_000,
  },
});
