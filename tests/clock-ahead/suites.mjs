// What runs with the clock a year ahead: every suite whose answers depend on dates.
// Each entry is a package folder and vitest's file filters there (substrings of paths).

/** @type {{ dir: string, files: string[], why: string }[]} */
export const clockAheadSuites = [
  {
    dir: "apps/server",
    files: [
      "test/events",
      "test/inspections",
      "test/statusBoundaries.test.ts",
      "test/retention.test.ts",
      "test/storesDifferential.test.ts",
      "src/events/",
      "src/demo/",
      "src/testing.test.ts",
    ],
    why: "events recorded, expected and streamed; statuses at their instants; inspections move dates; retention; the demo's dates",
  },
  {
    dir: "packages/conformance",
    files: ["src/ownServer.test.ts", "src/currentWindow.test.ts"],
    why: "the kit's windows of events against the demo data, dated the day it is imported",
  },
  {
    dir: "apps/docs",
    files: [
      "test/examples.test.ts",
      "test/eventsExamples.test.ts",
      "test/inspectionsRecipe.test.ts",
      "test/clientPaging.test.ts",
      "test/commandLineOutput.test.ts",
      "test/eventStreamSnippet.test.ts",
    ],
    why: "every example the pages print with an answer, against a real server",
  },
];
