import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ServerProcess } from "@wsafe/test-support";
import type pg from "pg";

/** The module to preload (`--import`) into a server whose timers a test counts. */
export const countTimersModule = fileURLToPath(new URL("./countTimers.mjs", import.meta.url));

/**
 * The timer callbacks a server preloaded with `countTimers.mjs` says fired so far, by
 * where each timer was made (it prints them on SIGUSR2).
 *
 * @param server - a server started with `--import` {@link countTimersModule}
 */
export async function firedTimers(server: ServerProcess): Promise<Record<string, number>> {
  const prefix = "fired timers: ";
  const lines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith(prefix));
  const seen = lines().length;
  server.child.kill("SIGUSR2");
  while (lines().length === seen) await new Promise((resolve) => setTimeout(resolve, 50));
  return JSON.parse(lines().at(-1)?.slice(prefix.length) ?? "{}") as Record<string, number>;
}

/**
 * How many times a process's main thread has gone to sleep and been woken: its voluntary
 * context switches, as the kernel counts them (Linux).
 *
 * @param pid - the process
 */
export function mainThreadWakeups(pid: number): number {
  const status = readFileSync(`/proc/${pid}/task/${pid}/status`, "utf8");
  return Number(/^voluntary_ctxt_switches:\s+(\d+)$/m.exec(status)?.[1]);
}

/**
 * What grew between two counts of the same things (those that did not grow are left out).
 *
 * @param before - counts by name
 * @param after - later counts of the same
 */
export function grewBetween(
  before: Record<string, number>,
  after: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([name, count]) => [name, count - (before[name] ?? 0)] as const)
      .filter(([, grew]) => grew > 0),
  );
}

/**
 * The script of Node's own `https` server with its defaults, answering `{}`, for
 * `node -e`: the floor an idle server is measured beside.
 *
 * @param certDir - holds `cert.pem` and `key.pem`
 */
export const bareHttpsScript = (certDir: string) => `
  const { createServer } = require("node:https");
  const { readFileSync } = require("node:fs");
  const tls = { cert: readFileSync(${JSON.stringify(`${certDir}/cert.pem`)}), key: readFileSync(${JSON.stringify(`${certDir}/key.pem`)}) };
  const server = createServer(tls, (request, response) => response.end("{}"));
  server.listen(0, "127.0.0.1", () => console.log("listening on https://127.0.0.1:" + server.address().port));
`;

/**
 * The statements the connections of a database started since an instant, as PostgreSQL
 * shows them (`pg_stat_activity`), added to `seen` by connection and start.
 *
 * @param admin - a connection to another database of the same server
 * @param database - the database watched
 * @param since - the instant
 * @param seen - where they go
 */
export async function statementsSince(
  admin: pg.Client,
  database: string,
  since: Date,
  seen: Map<string, string>,
): Promise<void> {
  const { rows } = await admin.query<{ pid: number; query_start: Date; query: string }>(
    `SELECT pid, query_start, query FROM pg_stat_activity
      WHERE datname = $1 AND backend_type = 'client backend' AND query_start >= $2`,
    [database, since],
  );
  for (const row of rows) seen.set(`${row.pid} ${row.query_start.toISOString()}`, row.query);
}
