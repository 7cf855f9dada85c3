import { spawnSync } from "node:child_process";
import pg from "pg";

/**
 * Finds the PostgreSQL server to measure on: `WSAFE_TEST_DATABASE_URL`, or - when
 * `start` is true - the one `scripts/services.sh` starts (it prints the URL).
 *
 * @param {string} root - the repository root
 * @param {boolean} start - may run scripts/services.sh
 * @returns {string | undefined}
 */
export function findPostgresUrl(root, start) {
  if (process.env.WSAFE_TEST_DATABASE_URL) return process.env.WSAFE_TEST_DATABASE_URL;
  if (!start) return undefined;
  const run = spawnSync("bash", [`${root}/scripts/services.sh`], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WSAFE_SKIP_CHROMIUM: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return /^WSAFE_TEST_DATABASE_URL=(.+)$/m.exec(run.stdout ?? "")?.[1]?.trim();
}

/**
 * Creates a fresh, empty database for one workload on the server at `url`, so the
 * bench never reads or writes anyone else's data, and drops it afterwards.
 *
 * @param {string} url - a URL of the server (any database on it)
 * @param {string} label - part of the database's name
 * @returns {Promise<{ url: string, name: string, drop(): Promise<void> }>}
 */
export async function createBenchDatabase(url, label) {
  const name = `wsafe_bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Runs one statement on a database and closes the connection (ANALYZE after a load).
 *
 * @param {string} url
 * @param {string} text
 */
export async function runStatement(url, text) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
