// Mutation testing of @wsafe/schema: `npm run mutation` at the root (scripts/mutation.mjs).
import { strykerOptions } from "../../scripts/strykerOptions.mjs";

export default strykerOptions([
  "src/**/*.ts",
  "!src/**/*.test.ts",
  "!src/**/*.test-d.ts",
  // Test helpers, not the contract.
  "!src/testing/**",
  // The build step that writes generated/; its output is what the tests read.
  "!src/generate/writeArtifacts.ts",
  // The command line runs from dist/ in a child process (validate.test.ts): no
  // in-process test runner can see a mutant of it.
  "!src/cli.ts",
]);
