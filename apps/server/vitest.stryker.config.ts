// The suite Stryker runs for each mutant of the pipeline, pagination and parameter code
// (stryker.config.mjs): their unit tests, and the end-to-end suites that exercise that
// code through a real server in this process (the pipeline's precedence, pagination,
// permissions). The other suites test the store, the CLI, import and transport, which
// no mutant of these files can change; they would only cost time.

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
    include: [
      "src/pipeline/**/*.test.ts",
      "src/pagination/**/*.test.ts",
      "test/pipeline.test.ts",
      "test/pagination.test.ts",
      "test/tokenPermission.test.ts",
    ],
    sequence: { sequencer: QuickTestsFirst },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
