// The suite Stryker runs for each mutant (stryker.config.mjs): the package's own tests
// and the real-server test, which drives the client through sockets, TLS and the
// server's pipeline in this process. Left out, because no mutant can be seen by them:
// the type tests (tsc), the consumer test (tsc over dist/), the bundle-size test (it
// would weigh Stryker's instrumented sources), the browser test (the bundle runs in
// Chromium, out of reach of Stryker's mutant switch) and the 50 000-equipment walk (the
// paginate code of src/internal/paginate.test.ts, at a size that only costs time).
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Unit tests first, then the quicker files first (vitest's cached durations): Stryker
 * stops a mutant's run at its first failing test, so a file that starts a server or
 * loads validators runs only for a mutant the quick tests let live. (Stryker runs this
 * config from a copy of the package, so it cannot import a shared module by path.)
 */
class QuickTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const endToEnd = (file: TestSpecification) => (file.moduleId.includes("/test/") ? 1 : 0);
    // The base sorts the slowest first; reversed, then stably by kind.
    return (await super.sort(files)).reverse().sort((a, b) => endToEnd(a) - endToEnd(b));
  }
}

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/server.test.ts"],
    typecheck: { enabled: false },
    sequence: { sequencer: QuickTestsFirst },
    testTimeout: 20_000,
  },
});
