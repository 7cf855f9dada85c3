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
