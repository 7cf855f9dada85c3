import { createFixture, type Fixture } from "../fixture.js";

/**
 * A fixture with fixed tokens: {@link createFixture} draws fresh secrets per process,
 * and the generators' tests want the requests to depend on the seed alone.
 *
 * @example
 * fc.sample(tokenEntry(testFixture), { seed: 1, numRuns: 10 });
 */
export const testFixture: Fixture = {
  ...createFixture(),
  tokens: {
    alphaRead: "rel-alpha-read-fixed",
    alphaInactive: "rel-alpha-inactive-fixed",
    alphaWriteOnly: "rel-alpha-write-fixed",
    betaRead: "rel-beta-read-fixed",
    gammaRead: "rel-gamma-read-fixed",
  },
};
