/**
 * What every wsafe test suite and the bench share, so each is written once: the
 * fixture datasets, the throwaway PostgreSQL databases, the self-signed certificate,
 * the real-server launcher and the small test helpers.
 *
 * @example
 * import { createFixture, fixtureTokens, thrown } from "@wsafe/test-support";
 *
 * @packageDocumentation
 */

// Fixture datasets.
export { type BulkDataset, createBulkDataset } from "./fixtures/createBulkDataset.js";
export { createFixture, type Fixture } from "./fixtures/createFixture.js";
export { createStreamFixture, streamToken, streamTypes } from "./fixtures/createStreamFixture.js";
export { createTenantFixture, type TenantFixture } from "./fixtures/createTenantFixture.js";
export {
  type FixtureTokenName,
  fixtureAccount,
  fixtureDeactivatedAccount,
  fixtureOtherAccount,
  fixtureTokenRecords,
  fixtureTokens,
  type TokenCheck,
  type TokenCheckCase,
  tokenCheckCases,
  tokenChecks,
} from "./fixtures/fixtureTokens.js";
// Helpers.
export { type EventuallyOptions, eventually } from "./helpers/eventually.js";
export { parseExposition, samplesOf } from "./helpers/parseExposition.js";
export { createScratchDatabase, type ScratchDatabase } from "./helpers/scratchDatabase.js";
export { thrown } from "./helpers/thrown.js";
