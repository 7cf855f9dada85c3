import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // One file at a time: each starts servers and a real tool (testssl.sh, Prometheus)
    // on a 2-core machine.
    fileParallelism: false,
    // A TLS scan is testssl.sh's own work (its openssl processes: 56 s user and 94 s
    // system of a 191 s scan at load 6, 2026-11-28): two to four minutes, more on a
    // busier machine. 240 s failed twice that evening; the scan's length is not what
    // this suite checks.
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
