import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // The bench's own tests write datasets and start small servers: seconds on an idle
    // machine, past vitest's default 5 s when other suites share the two cores (load 15).
    testTimeout: 60_000,
  },
});
