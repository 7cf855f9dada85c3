import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Browser tests start Chromium and a server; each step may take seconds on 2 cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The files share their worker's modules instead of loading the schema, the client and
    // the test support again each (import 21 s to 5 s); each closes the servers and
    // browsers it starts, and restores the timers and mocks it fakes, in its own hooks.
    isolate: false,
  },
});
