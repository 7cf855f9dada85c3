// An idle `wsafe serve` sleeps, on both stores, beside a bare Node `https` server in the
// same window: counted by the server itself (the timer callbacks that fire, counted by a
// preloaded module, `support/countTimers.mjs`), by the kernel (the voluntary context
// switches of each process's main thread: one each time its event loop wakes from its
// wait) and, on PostgreSQL, by the database (`pg_stat_activity`: no statement of the
// server's connections starts in the window but the migration watch's look). No figure
// of time is asserted; the CPU figures are the bench's (workload 9). What is left is
// listed part by part below and in the README's Idle section: any other timer, statement
// or a wakeup a second more than the bare server's fails the test.
import {
  createPgliteDatabase,
  createPostgresDatabase,
  createScratchDirectory,
  freePort,
  type PostgresScratchDatabase,
  postgresUrl,
  type ScratchDatabase,
  type ScratchDirectory,
  type ServerProcess,
  serveCli,
  skipWithout,
  startServerProcess,
  writeCertificateFiles,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationWatchTiming } from "../src/health/MigrationWatch.js";
import { importDataset } from "../src/import/importDataset.js";
import { openStore } from "../src/store/openStore.js";
import {
  bareHttpsScript,
  countTimersModule,
  firedTimers,
  grewBetween,
  mainThreadWakeups,
  statementsSince,
} from "./support/idleCounts.js";
import { soonDataset } from "./support/soonDataset.js";

/**
 * Time for each server to finish starting: the recorder's first round, the pool's
 * connections closing 30 s after their last use.
 */
const SETTLE_MS = 40_000;
const WINDOW_MS = 60_000;

/**
 * The wakeups an idle server may cost beyond the bare server's: at most one a second.
 * What is left wakes it every 5 s (Node's check of slow clients) and every 8 s (V8's
 * memory reducer, armed by the start's collections, which a bare server that has
 * allocated nothing lacks), with the bursts of the collections the reducer then makes.
 * With `--metrics-port`, prom-client samples the event loop's delay once a second too:
 * at most two a second. On PostgreSQL each of the migration watch's looks wakes it a few
 * times more (its timer, the answer, the connection's bookkeeping: 1.5-3.3 a look
 * measured), at most 4 a look.
 */
const wakeupsAllowed = (server: { metrics: boolean; postgres: boolean }) =>
  ((server.metrics ? 2 : 1) * WINDOW_MS) / 1_000 +
  (server.postgres ? 4 * Math.ceil(WINDOW_MS / defaultMigrationWatchTiming.everyMs) : 0);

/**
 * The timers left that fire while a server idles, each with how often it may fire in a
 * window of `ms`: Node's check of slow clients (every 5 s on the API's listener, every
 * 30 s, Node's default, on the metrics listener), and on PostgreSQL the migration watch's
 * look at the applied migrations (a migration applied by a tool that announces nothing,
 * or through a proxy that passes no notification, is seen within its period).
 */
const idleTimers = [
  {
    part: "Node's check of slow clients",
    made: (where: string) => where.startsWith("Server.setupConnectionsTracking"),
    allowed: (ms: number, server: { metrics: boolean; postgres: boolean }) =>
      Math.ceil(ms / 5_000) + (server.metrics ? Math.ceil(ms / 30_000) : 0),
  },
  {
    part: "the migration watch",
    made: (where: string) => where.includes("/health/MigrationWatch.js"),
    allowed: (ms: number, server: { metrics: boolean; postgres: boolean }) =>
      server.postgres ? Math.ceil(ms / defaultMigrationWatchTiming.everyMs) : 0,
  },
];

/** The one statement an idle server sends PostgreSQL: the migration watch's look. */
const migrationWatchLook = "SELECT name, upgrade FROM schema_migrations";

/** What an idle window shows of each server: its timers, its wakeups, and its statements on PostgreSQL. */
interface IdleWindow {
  /** Timers fired, by server, then by where they were made. */
  fired: Record<string, Record<string, number>>;
  /** How long the timers were counted, in ms. */
  timersCountedMs: number;
  /** Main-thread wakeups, by server (and `bare`). */
  woke: Record<string, number>;
  /** The statements PostgreSQL saw start. */
  statements: string[];
}

/**
 * Counts what each server does over {@link WINDOW_MS} of idle, beside the bare server.
 *
 * @param watched - the wsafe servers, by name
 * @param bare - the bare https server
 * @param postgres - the PostgreSQL database one of them serves, and a connection to another
 */
async function idleWindow(
  watched: Record<string, ServerProcess>,
  bare: ServerProcess,
  postgres: { admin: pg.Client; name: string } | undefined,
): Promise<IdleWindow> {
  const timers = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(watched).map(async ([name, server]) => [name, await firedTimers(server)]),
      ),
    ) as Record<string, Record<string, number>>;
  const wakeups = () =>
    Object.fromEntries(
      Object.entries({ bare, ...watched }).map(([name, server]) => [
        name,
        mainThreadWakeups(server.child.pid ?? 0),
      ]),
    );
  const timersBefore = await timers();
  const since = performance.now();
  const wakeupsBefore = wakeups();
  const start = new Date();
  const statements = new Map<string, string>();
  // A statement's connection stays open for 30 s after it (the pool's idle timeout), its
  // last statement shown: looked at every second, none is missed.
  while (Date.now() - start.getTime() < WINDOW_MS) {
    if (postgres) await statementsSince(postgres.admin, postgres.name, start, statements);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const woke = grewBetween(wakeupsBefore, wakeups());
  const timersAfter = await timers();
  const fired = Object.fromEntries(
    Object.entries(timersAfter).map(([name, counts]) => [
      name,
      grewBetween(timersBefore[name] ?? {}, counts),
    ]),
  );
  return { fired, timersCountedMs: performance.now() - since, woke, statements: [...statements.values()] };
}

describe.skipIf(process.platform !== "linux")("an idle server", () => {
  const postgresSkipped = skipWithout("PostgreSQL", "the idle server on PostgreSQL");
  let certs: ScratchDirectory;
  const databases: ScratchDatabase[] = [];
  const servers: ServerProcess[] = [];
  let admin: pg.Client | undefined;
  let postgres: PostgresScratchDatabase | undefined;

  /** `wsafe serve` on a store of one account whose dates are hours away: nothing falls due meanwhile. */
  const serve = async (db: ScratchDatabase, ...flags: string[]) => {
    const store = await openStore(db.database);
    await importDataset(store, soonDataset(1, Date.now() + 3_600_000, Date.now() + 7_200_000));
    await store.close();
    const tls = ["--tls-cert", `${certs.path}/cert.pem`, "--tls-key", `${certs.path}/key.pem`];
    const server = await serveCli(["--port", "0", "--database", db.database, ...tls, ...flags], {
      execArgv: ["--import", countTimersModule],
    });
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    certs = await createScratchDirectory("idle-certs");
    await writeCertificateFiles(certs.path);
    databases.push(await createPgliteDatabase("idle"), await createPgliteDatabase("idle-metrics"));
    if (!postgresSkipped) {
      postgres = await createPostgresDatabase("idle");
      databases.push(postgres);
      admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
    }
  }, 60_000);
  afterAll(async () => {
    for (const server of servers.splice(0)) await server.stop("SIGINT");
    await admin?.end();
    for (const db of databases.splice(0)) await db.drop();
    await certs?.remove();
  });

  it("fires no timer of its own but the migration watch's on PostgreSQL, wakes at most once a second more than a bare https server (twice with metrics), and asks PostgreSQL nothing else", async () => {
    const bare = await startServerProcess(["-e", bareHttpsScript(certs.path)], { name: "bare https" });
    servers.push(bare);
    const [embedded, withMetrics] = databases;
    if (!embedded || !withMetrics) throw new Error("the embedded stores were not made");
    const watched: Record<string, ServerProcess> = {
      "PGlite (embedded)": await serve(embedded),
      "PGlite with --metrics-port": await serve(withMetrics, "--metrics-port", String(await freePort())),
    };
    if (postgres) watched.PostgreSQL = await serve(postgres);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = await idleWindow(
      watched,
      bare,
      admin && postgres ? { admin, name: postgres.name } : undefined,
    );
    console.log(
      `in ${WINDOW_MS / 1000} s of idle: timers fired ${JSON.stringify(idle.fired)}; main-thread wakeups ${JSON.stringify(idle.woke)}; PostgreSQL statements: ${JSON.stringify(idle.statements)}`,
    );
    const names = Object.keys(watched);
    const kind = (name: string) => ({
      metrics: name.includes("--metrics-port"),
      postgres: name === "PostgreSQL",
    });
    const unexpected = (counts: Record<string, number> = {}) =>
      Object.fromEntries(
        Object.entries(counts).filter(([where]) => !idleTimers.some(({ made }) => made(where))),
      );
    expect(Object.fromEntries(names.map((name) => [name, unexpected(idle.fired[name])]))).toEqual(
      Object.fromEntries(names.map((name) => [name, {}])),
    );
    const firedOf = (name: string, made: (where: string) => boolean) =>
      Object.entries(idle.fired[name] ?? {}).reduce((sum, [where, n]) => sum + (made(where) ? n : 0), 0);
    const withinAllowed = Object.fromEntries(
      names.flatMap((name) =>
        idleTimers.map(({ part, made, allowed }) => [
          `${name}: ${part}`,
          firedOf(name, made) <= allowed(idle.timersCountedMs, kind(name)),
        ]),
      ),
    );
    expect(withinAllowed).toEqual(Object.fromEntries(Object.keys(withinAllowed).map((key) => [key, true])));
    const allowed = Object.fromEntries(names.map((name) => [name, true]));
    const beyondBare = (name: string) => (idle.woke[name] ?? 0) - (idle.woke.bare ?? 0);
    expect(
      Object.fromEntries(names.map((name) => [name, beyondBare(name) <= wakeupsAllowed(kind(name))])),
    ).toEqual(allowed);
    // Nothing but the migration watch's look, at most once a period.
    expect(idle.statements.filter((statement) => statement !== migrationWatchLook)).toEqual([]);
    expect(idle.statements.length).toBeLessThanOrEqual(
      Math.ceil(WINDOW_MS / defaultMigrationWatchTiming.everyMs),
    );
  }, 300_000);
});
