import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Type tests (`*.test-d.ts`) run through tsc in the same `vitest run`.
    typecheck: { enabled: true, include: ["src/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
    testTimeout: 20_000,
    // The files share their worker's modules (75 s of CPU to 49, 58 s to 38 on 2 quiet
    // cores); the ones that fake timers, Math.random or fetch restore them in their hooks.
    isolate: false,
  },
});
