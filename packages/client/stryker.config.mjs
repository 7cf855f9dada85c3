// Mutation testing of @wsafe/client: `npm run mutation` at the root (scripts/mutation.mjs).
import { strykerOptions } from "../../scripts/strykerOptions.mjs";

export default strykerOptions([
  "src/**/*.ts",
  "!src/**/*.test.ts",
  "!src/**/*.test-d.ts",
  // The fake fetch of the tests.
  "!src/testing/**",
]);
