/**
 * The seed of this run's random datasets and requests: `WSAFE_TEST_SEED` when set (to
 * replay a failure), else a new one each run, so that runs explore more than one draw.
 * Suites print it in every failure message.
 */
export const testSeed = process.env.WSAFE_TEST_SEED
  ? Number(process.env.WSAFE_TEST_SEED)
  : Math.floor(Math.random() * 2 ** 31);
