import { execFile } from "node:child_process";
import { chmod, chown, mkdir, readdir } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "@wsafe/test-support";

const exec = promisify(execFile);

/** A PostgreSQL cluster of one test, which it may stop and start; see {@link startPrivatePostgres}. */
export interface PrivatePostgres {
  /** `postgres://wsafe@127.0.0.1:PORT/postgres`: its superuser, on its own port. */
  url: string;
  /** Stops it as an operator does (`pg_ctl stop -m fast`): every connection is ended. */
  stop(): Promise<void>;
  /** Starts it again on the same port, once stopped. */
  start(): Promise<void>;
  /** Stops it if it runs; its files go with the caller's scratch directory. */
  remove(): Promise<void>;
}

/** The newest Debian PostgreSQL's programs, e.g. `/usr/lib/postgresql/15/bin`. */
async function postgresBin(): Promise<string | undefined> {
  const versions = await readdir("/usr/lib/postgresql").catch(() => [] as string[]);
  const newest = versions.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))[0];
  return newest === undefined ? undefined : join("/usr/lib/postgresql", newest, "bin");
}

/**
 * Makes and starts a PostgreSQL cluster of its own under `directory`, with Debian's
 * programs (`initdb`, `pg_ctl`), on a free port of 127.0.0.1: a database a test may stop
 * while a server runs on it, which the shared one (port 54329, used by every suite) must
 * never be. As root it runs as the `postgres` user, which PostgreSQL requires, as
 * `scripts/services.sh` does.
 *
 * @param directory - an empty scratch directory of the test
 * @returns the cluster, or why it cannot be had (the caller skips loudly)
 */
export async function startPrivatePostgres(directory: string): Promise<PrivatePostgres | string> {
  const bin = await postgresBin();
  if (bin === undefined)
    return "no PostgreSQL under /usr/lib/postgresql (bash scripts/services.sh installs it)";
  const data = join(directory, "pg");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) =>
    asRoot
      ? exec("runuser", ["-u", "postgres", "--", join(bin, program), ...args])
      : exec(join(bin, program), args);
  await mkdir(data, { recursive: true });
  if (asRoot) {
    const { stdout } = await exec("id", ["-u", "postgres"]).catch(() => ({ stdout: "" }));
    const { stdout: group } = await exec("id", ["-g", "postgres"]).catch(() => ({ stdout: "" }));
    if (!stdout.trim()) return "no postgres user to run PostgreSQL as";
    await chmod(directory, 0o755);
    await chown(data, Number(stdout), Number(group));
  }
  try {
    await run("initdb", ["-D", data, "-U", "wsafe", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  } catch (error) {
    return `initdb failed (${(error as Error).message.split("\n")[0]})`;
  }
  const options = `-h 127.0.0.1 -p ${port} -k ${data} -c fsync=off -c max_connections=50`;
  const start = async () => {
    await run("pg_ctl", [
      "-D",
      data,
      "-l",
      join(data, "server.log"),
      "-w",
      "-t",
      "60",
      "-o",
      options,
      "start",
    ]);
  };
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://wsafe@127.0.0.1:${port}/postgres`,
    async stop() {
      await run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async remove() {
      if (running) await cluster.stop().catch(() => {});
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    return `pg_ctl start failed (${(error as Error).message.split("\n")[0]})`;
  }
  return cluster;
}
