// Mutation testing of the server's request pipeline (its steps, the method handler's
// call included), its pagination cursors and the tRPC router at /trpc (its check steps
// and error mapping): `npm run mutation` at the root (scripts/mutation.mjs). The rest of
// the server is SQL and I/O, which the store suites and the differential tests cover.
import { strykerOptions } from "../../scripts/strykerOptions.mjs";

export default strykerOptions(
  [
    "src/pipeline/**/*.ts",
    "src/pagination/**/*.ts",
    // The /trpc router: which steps its procedures run, and how a failure reaches a client.
    "src/trpc/**/*.ts",
    "!src/**/*.test.ts",
    "!src/**/*.test-d.ts",
  ],
  // The first run starts a real server per end-to-end file, on shared cores.
  { dryRunTimeoutMinutes: 15 },
);
