// Mutation testing of the server's request pipeline, its parameter step and its
// pagination cursors: `npm run mutation` at the root (scripts/mutation.mjs). The rest of
// the server is SQL and I/O, which the store suites and the differential tests cover.
import { strykerOptions } from "../../scripts/strykerOptions.mjs";

export default strykerOptions(
  [
    "src/pipeline/**/*.ts",
    "src/pagination/**/*.ts",
    // The `parameters` and `method_lookups` steps: the procedures and how they are called.
    "src/trpc/**/*.ts",
    "!src/**/*.test.ts",
  ],
  // The first run starts a real server per end-to-end file, on shared cores.
  { dryRunTimeoutMinutes: 15 },
);
