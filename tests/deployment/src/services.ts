/**
 * What the deployment needs on this machine, from the environment that
 * `scripts/services.sh` prints (and `npm test` forwards): Debian's HAProxy and
 * PgBouncer, and the shared PostgreSQL and Redis servers.
 */
export const services = {
  haproxy: process.env.WSAFE_HAPROXY || undefined,
  pgbouncer: process.env.WSAFE_PGBOUNCER || undefined,
  postgres: process.env.WSAFE_TEST_DATABASE_URL || undefined,
  redis: process.env.WSAFE_TEST_REDIS_URL || undefined,
};

const variables: Record<keyof typeof services, string> = {
  haproxy: "WSAFE_HAPROXY",
  pgbouncer: "WSAFE_PGBOUNCER",
  postgres: "WSAFE_TEST_DATABASE_URL",
  redis: "WSAFE_TEST_REDIS_URL",
};

/**
 * The variables that are not set, and says so loudly when any is missing: a skipped
 * deployment suite must never pass for a tested one.
 *
 * @param needed - the services the suite starts; default every one
 */
export function missingServices(
  needed: readonly (keyof typeof services)[] = Object.keys(services) as (keyof typeof services)[],
): string[] {
  const missing = needed.filter((name) => !services[name]).map((name) => variables[name]);
  if (missing.length > 0) {
    console.warn(
      `\n!!! SKIPPED: this deployment suite needs ${missing.join(", ")}. ` +
        "Run `bash scripts/services.sh` (as root, it installs haproxy and pgbouncer from Debian's packages) and export what it prints, or run `npm test` at the root.\n",
    );
  }
  return missing;
}
