import { createTenantFixture, type TenantFixture } from "@wsafe/test-support";

/**
 * A fixture with fixed tokens: {@link createFixture} draws fresh secrets per process,
 * and the generators' tests want the requests to depend on the seed alone.
 *
 * @example
 * fc.sample(tokenEntry(testFixture), { seed: 1, numRuns: 10 });
 */
export const testFixture: TenantFixture = {
  ...createTenantFixture(),
  tokens: {
    alphaRead: "rel-alpha-read-fixed",
    alphaInactive: "rel-alpha-inactive-fixed",
    alphaWriteOnly: "rel-alpha-write-fixed",
    alphaReadWrite: "rel-alpha-read-write-fixed",
    betaRead: "rel-beta-read-fixed",
    gammaRead: "rel-gamma-read-fixed",
  },
};
