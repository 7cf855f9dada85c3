// The suite Stryker runs for each mutant (stryker.config.mjs): the package's tests
// without the type tests, which tsc runs on the sources and no mutant can change.
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
    include: ["src/**/*.test.ts"],
    typecheck: { enabled: false },
    sequence: { sequencer: QuickTestsFirst },
  },
});
