import { randomBytes } from "node:crypto";
import pg from "pg";
import { recordFigure } from "./figures.js";

/** The shared PostgreSQL server of `scripts/services.sh`, when there is one. */
export const postgresUrl = process.env.WSAFE_TEST_DATABASE_URL || undefined;
/** The shared Redis server of `scripts/services.sh`, when there is one. */
export const redisUrl = process.env.WSAFE_TEST_REDIS_URL || undefined;

/**
 * Says loudly, once per file, that tests are skipped for want of a service: a skip
 * must never pass for a success in the figures.
 */
export function warnIfMissing(
  service: "PostgreSQL" | "Redis",
  url: string | undefined,
  what: string,
): boolean {
  if (url) return false;
  const variable = service === "PostgreSQL" ? "WSAFE_TEST_DATABASE_URL" : "WSAFE_TEST_REDIS_URL";
  recordFigure(`SKIPPED (${variable} not set)`, what);
  console.warn(
    `\n!!! SKIPPED: ${what} needs ${service}; ${variable} is not set. Start it with \`bash scripts/services.sh\` (or run \`pnpm test\` at the root).\n`,
  );
  return true;
}

/** A database of this suite's own on the shared server, dropped by `drop()`. */
export interface TestDatabase {
  name: string;
  url: string;
  /** Ends every connection to this database only (never another database's). */
  terminateBackends(): Promise<number>;
  drop(): Promise<void>;
}

/** Creates `wsafe_rel_<label>_<random>` on the shared PostgreSQL server. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  if (!postgresUrl) throw new Error("WSAFE_TEST_DATABASE_URL is not set");
  const name = `wsafe_rel_${label}_${randomBytes(4).toString("hex")}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    client.on("error", () => {});
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end().catch(() => {});
    }
  };
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const terminateBackends = () =>
    admin(async (client) => {
      const result = await client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
        [name],
      );
      return result.rowCount ?? 0;
    });
  return {
    name,
    url: url.toString(),
    terminateBackends,
    async drop() {
      await terminateBackends();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name}`));
    },
  };
}
