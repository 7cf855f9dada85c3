import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresDatabase,
  freePort,
  type PostgresScratchDatabase,
  type ServerProcess,
  startServerProcess,
  wsafeBin,
} from "@wsafe/test-support";
import { renderTemplate } from "./renderTemplate.js";
import { services } from "./services.js";
import { startProxy } from "./startProxy.js";

/** The `wsafe` command line of the workspace's server, as operators run it. */
const wsafeCommand = wsafeBin();

/** How many `wsafe serve` processes `deploy/haproxy.cfg.template` puts behind the proxy. */
export const serverCount = 3;

/** One `wsafe serve` process behind the proxy. */
export interface WsafeServer {
  /** Its name in haproxy.cfg: `wsafe1`... */
  name: string;
  port: number;
  /** Where it answers directly, bypassing the proxy: `http://127.0.0.1:PORT`. */
  url: string;
  /** The running process; replaced by a restart. */
  process: ServerProcess;
}

/** The reference deployment of `deploy/`, running on 127.0.0.1. */
export interface Topology {
  /** Where clients go: HAProxy, over HTTPS. */
  proxyUrl: string;
  /** The PEM certificate HAProxy presents, for clients to trust. */
  certificate: string;
  /** HAProxy's statistics page (CSV with `;csv`). */
  statsUrl: string;
  servers: WsafeServer[];
  database: {
    /** PostgreSQL itself: what `--listen-database` gets. */
    direct: string;
    /** Through PgBouncer: what `--database` gets. */
    pooled: string;
  };
  /** A scratch folder of the deployment's own, removed by `stop()`. */
  directory: string;
  /** The `wsafe` command line, for `wsafe import`. */
  wsafeBin: string;
  /** The environment every server runs with (what `deploy/wsafe.env.example` sets), without its port. */
  serverEnv: Record<string, string>;
  /**
   * Starts one more `wsafe serve` with the servers' environment changed by `env` (a
   * variable set to `undefined` is left out), outside the proxy's rotation; `stop()`
   * stops it too.
   */
  startExtraServer(name: string, env: Record<string, string | undefined>): Promise<WsafeServer>;
  /**
   * Starts the server again (after a crash or a stop), on its port, and waits for its
   * readiness line; `env` changes its environment for this start (another `WSAFE_DATABASE`, say),
   * `serverDirectory` its version (default this build's, whatever it ran before).
   */
  restart(server: WsafeServer, env?: Record<string, string>, serverDirectory?: string): Promise<void>;
  /** Waits until the proxy says every server is `UP`. */
  allUp(): Promise<void>;
  /** Stops every process by its PID, drops the database, removes the files. */
  stop(): Promise<void>;
}

/** What to start the deployment with. */
export interface TopologyOptions {
  /** Fills the empty, migrated database before the servers start (through PgBouncer). */
  seed(pooledUrl: string): Promise<void>;
  /** `--rate-limit` of every server, e.g. `100/60s`. */
  rateLimit: string;
  /** More environment for every server (webhook flags, say). */
  env?: Record<string, string>;
  /**
   * The `apps/server` folder the three servers first start from: another version's (a
   * release built by `serverAtRelease`, say), which then makes the database (it starts
   * empty, for `seed` to fill); default this build's.
   */
  serverDirectory?: string;
}

function startServer(
  name: string,
  port: number,
  env: Record<string, string>,
  directory: string,
  serverDirectory?: string,
) {
  return startServerProcess([serverDirectory ? wsafeBin(serverDirectory) : wsafeCommand, "serve"], {
    name,
    cwd: directory,
    env: { ...env, WSAFE_PORT: String(port) },
    readyPattern: new RegExp(`listening on http://127\\.0\\.0\\.1:${port}\\b`),
    // Seven processes start on a busy 2-core machine.
    timeoutMs: 90_000,
  });
}

/**
 * Starts `deploy/`'s topology on 127.0.0.1 from its templates: a fresh database on the
 * shared PostgreSQL, PgBouncer in transaction mode in front of it, three `wsafe serve
 * --http` processes (queries through PgBouncer, `LISTEN` directly, rate limits in the
 * shared Redis) and HAProxy terminating TLS in front of them, health-checking
 * `/readyz`. Resolves once HAProxy has every server `UP`. Whatever fails on the way,
 * what was started is stopped.
 *
 * @param options - how to fill the database, the rate limit
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const { haproxy, pgbouncer, postgres, redis } = services;
  if (!haproxy || !pgbouncer || !postgres || !redis) throw new Error("the deployment's services are missing");
  const directory = await mkdtemp(join(tmpdir(), "wsafe-deploy-"));
  // PgBouncer runs as `postgres` when this runs as root (it refuses root), and reads its files from here.
  await chmod(directory, 0o755);
  const started: ServerProcess[] = [];
  let database: PostgresScratchDatabase | undefined;
  const stop = async () => {
    await Promise.all(started.map((child) => child.stop("SIGTERM", 15_000)));
    await database?.drop();
    await rm(directory, { recursive: true, force: true });
  };
  try {
    // Migrated by this build already, unless the servers are of another version: that one makes it.
    database = await createPostgresDatabase("deploy", postgres, {
      template: options.serverDirectory ? "none" : "migrated",
    });
    const direct = new URL(database.database);
    const [pgbouncerPort, ...serverPorts] = await Promise.all(
      Array.from({ length: 1 + serverCount }, () => freePort()),
    );
    const pooled = new URL(direct);
    pooled.port = String(pgbouncerPort);
    pooled.pathname = "/wsafe";

    await renderTemplate("pgbouncer.ini.template", join(directory, "pgbouncer.ini"), {
      WSAFE_PG_HOST: direct.hostname,
      WSAFE_PG_PORT: direct.port,
      WSAFE_PG_DATABASE: database.name,
      WSAFE_PGBOUNCER_PORT: String(pgbouncerPort),
      // The test server trusts loopback (scripts/services.sh); production uses scram-sha-256.
      WSAFE_PGBOUNCER_AUTH_TYPE: "trust",
      WSAFE_PGBOUNCER_AUTH_FILE: join(directory, "userlist.txt"),
    });
    await renderTemplate("userlist.txt.template", join(directory, "userlist.txt"), {
      WSAFE_DB_USER: decodeURIComponent(direct.username),
      WSAFE_DB_PASSWORD: decodeURIComponent(direct.password),
    });
    const asRoot = process.getuid?.() === 0;
    started.push(
      await startServerProcess([...(asRoot ? ["-u", "postgres"] : []), join(directory, "pgbouncer.ini")], {
        command: pgbouncer,
        name: "pgbouncer",
        cwd: directory,
        readyPattern: /process up: PgBouncer/,
      }),
    );
    await options.seed(pooled.toString());

    const serverEnv = {
      WSAFE_HTTP: "1",
      WSAFE_HOST: "127.0.0.1",
      WSAFE_DATABASE: pooled.toString(),
      WSAFE_LISTEN_DATABASE: direct.toString(),
      WSAFE_REDIS: redis,
      WSAFE_RATE_LIMIT: options.rateLimit,
      WSAFE_SHUTDOWN_TIMEOUT: "10",
      ...options.env,
    };
    const servers: WsafeServer[] = await Promise.all(
      serverPorts.map(async (port, index) => {
        const name = `wsafe${index + 1}`;
        const child = await startServer(name, port!, serverEnv, directory, options.serverDirectory);
        started.push(child);
        return { name, port: port!, url: `http://127.0.0.1:${port}`, process: child };
      }),
    );

    const proxy = await startProxy(
      haproxy,
      directory,
      servers.map((server) => `127.0.0.1:${server.port}`),
    );
    started.push(proxy.process);
    return {
      proxyUrl: proxy.url,
      certificate: proxy.certificate,
      statsUrl: proxy.statsUrl,
      servers,
      database: { direct: direct.toString(), pooled: pooled.toString() },
      directory,
      wsafeBin: wsafeCommand,
      serverEnv,
      async restart(server, env, serverDirectory) {
        server.process = await startServer(
          server.name,
          server.port,
          { ...serverEnv, ...env },
          directory,
          serverDirectory,
        );
        started.push(server.process);
      },
      async startExtraServer(name, env) {
        const port = await freePort();
        const merged = Object.fromEntries(
          Object.entries({ ...serverEnv, ...env }).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        );
        const child = await startServer(name, port, merged, directory);
        started.push(child);
        return { name, port, url: `http://127.0.0.1:${port}`, process: child };
      },
      allUp: proxy.allUp,
      stop,
    };
  } catch (error) {
    const logs = started.map((child) => `--- ${child.name}:\n${child.output().slice(-2000)}`).join("\n");
    await stop().catch(() => {});
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
}
