import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // One file at a time: each starts servers and a real tool (testssl.sh, Prometheus)
    // on a 2-core machine.
    fileParallelism: false,
    // A TLS scan takes about two minutes on a busy machine.
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
