// The suite Stryker runs for each mutant of the pipeline, pagination and tRPC code
// (stryker.config.mjs): their unit tests, the end-to-end pipeline suite, which runs
// every row of the precedence through a real server in this process, the /trpc-/v1
// differential, which holds every check of the router's procedures to /v1's answers,
// and two quick suites of events.stream. The other suites
// (store, CLI, import, transport) cannot see a mutant of these files; the pagination
// and permission suites can, but each starts its own server (about 30 s on two busy
// cores) for what the unit tests of pageCursor, readPageRequest, walkRequestOf,
// pageResult and checkPermission already pin.
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
      "src/trpc/**/*.test.ts",
      "test/pipeline.test.ts",
      "test/trpcDifferential.test.ts",
      // events.stream's procedure (src/trpc/eventsStreamProcedure.ts): the wire test runs it
      // through tRPC's own handler beside the hand-written one, byte for byte, the
      // refusals test holds each check's words, and the queries test replays and starts
      // streams at an instant; a few seconds each. The
      // other stream suites wait for instants to pass (20-30 s a file).
      "test/eventsStreamWire.test.ts",
      "test/eventsStreamRefusals.test.ts",
      "test/streamQueries.test.ts",
    ],
    sequence: { sequencer: QuickTestsFirst },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
