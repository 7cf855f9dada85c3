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

// What the runs make once and share.
export { testCacheDirectory } from "./cache/testCacheDirectory.js";
// A self-signed certificate.
export {
  type CertificateFiles,
  type TestCertificate,
  testCertificate,
  writeCertificateFiles,
} from "./certificate/testCertificate.js";
// Throwaway databases and the services of the tests.
export {
  createPgliteDatabase,
  type PgliteDatabaseOptions,
  type PgliteScratchDatabase,
} from "./databases/createPgliteDatabase.js";
export { createPostgresDatabase, type PostgresDatabaseOptions } from "./databases/createPostgresDatabase.js";
export { createScratchDirectory, type ScratchDirectory } from "./databases/createScratchDirectory.js";
export { postgresStoreTemplate } from "./databases/postgresStoreTemplate.js";
export type { PostgresScratchDatabase, ScratchDatabase } from "./databases/ScratchDatabase.js";
export { postgresUrl, redisUrl, skipWithout } from "./databases/services.js";
export {
  makeStoreTemplate,
  pgliteStoreTemplate,
  type StoreTemplate,
  storeTemplateKey,
} from "./databases/storeTemplates.js";
export { type TestStore, testStores } from "./databases/testStores.js";
// Fixture datasets.
export { type BulkDataset, createBulkDataset } from "./fixtures/createBulkDataset.js";
export { createFixture, type Fixture } from "./fixtures/createFixture.js";
export { createLongListDataset, longListToken, longListType } from "./fixtures/createLongListDataset.js";
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
export { type PlainEquipment, plainEquipment } from "./fixtures/plainEquipment.js";
// Helpers.
export { type EventuallyOptions, eventually } from "./helpers/eventually.js";
export { parseExposition, samplesOf, scrapeExposition } from "./helpers/parseExposition.js";
export { thrown } from "./helpers/thrown.js";
// The real-server launcher.
export { freePort } from "./server/freePort.js";
export { launchServer } from "./server/launchServer.js";
export {
  type InProcessServer,
  type LoadedServer,
  loadServer,
  type ServerModule,
} from "./server/loadServer.js";
export { runWsafe, type WsafeRun } from "./server/runWsafe.js";
export { seedDatabase } from "./server/seedDatabase.js";
export { serveCli } from "./server/serveCli.js";
export {
  type DemoWithOwnCertificate,
  serveDemoWithOwnCertificate,
} from "./server/serveDemoWithOwnCertificate.js";
export {
  buildServerAt,
  buildServerInto,
  releaseCommit,
  type ServerAtCommit,
  sameDependencies,
  serverAtRelease,
} from "./server/serverAtCommit.js";
export { serverNodeOptions } from "./server/serverNodeOptions.js";
export {
  listeningLine,
  type ServerProcess,
  type ServerProcessOptions,
  startServerProcess,
} from "./server/startServerProcess.js";
export { startTestServer, type TestServer, type TestServerPlan } from "./server/startTestServer.js";
export {
  serverDirectory,
  workspaceRoot,
  workspaceServerDirectory,
  wsafeBin,
} from "./workspace/serverDirectory.js";
