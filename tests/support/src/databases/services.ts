/**
 * The PostgreSQL server of the tests, as `scripts/services.sh` prints it
 * (`WSAFE_TEST_DATABASE_URL`), or `undefined` when none runs: suites that need it skip,
 * loudly ({@link skipWithout}).
 */
export const postgresUrl: string | undefined = process.env.WSAFE_TEST_DATABASE_URL || undefined;

/** The Redis server of the tests (`WSAFE_TEST_REDIS_URL`), or `undefined` when none runs. */
export const redisUrl: string | undefined = process.env.WSAFE_TEST_REDIS_URL || undefined;

const variables = { PostgreSQL: "WSAFE_TEST_DATABASE_URL", Redis: "WSAFE_TEST_REDIS_URL" } as const;

/**
 * Whether tests that need `service` must skip, saying so loudly when they must: a skip
 * must never pass for a success.
 *
 * @param service - the service the tests need
 * @param what - the tests, for the warning ("the shared rate-limit tests")
 * @returns true when the service's variable is not set
 * @example
 * import { skipWithout } from "@wsafe/test-support";
 * describe.skipIf(skipWithout("Redis", "rate limits on Redis"))("rate limits on Redis", () => {});
 */
export function skipWithout(service: keyof typeof variables, what: string): boolean {
  const url = service === "PostgreSQL" ? postgresUrl : redisUrl;
  if (url) return false;
  console.warn(
    `\n!!! SKIPPED: ${what} needs ${service}; ${variables[service]} is not set. Start it with \`bash scripts/services.sh\` and export what it prints (\`npm test\` does both).\n`,
  );
  return true;
}
