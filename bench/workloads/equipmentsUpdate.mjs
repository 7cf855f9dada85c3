import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import pg from "pg";
import { startChildServer } from "../lib/childServer.mjs";
import { loud, progress } from "../lib/log.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";
import { updateAccountCount, updateDataset, updateTokenOf } from "../lib/updateDataset.mjs";
import { runUpdateConformance } from "../lib/updateKit.mjs";
import { compareUpdateSides } from "./updateAgreement.mjs";
import { timeUpdateRounds } from "./updateRounds.mjs";

const rateLimit = { points: 1_000_000_000, durationSeconds: 1 };
// Outbox rows are written; delivering them is the fairness workload's, not this one's.
const webhooks = { deliver: false, allowHttp: true, allowPrivate: true };
/** Every event an update records reaches the endpoint: its outbox row is part of the write. */
const endpointTypes = ["equipment.updated", "schedule.status_changed", "equipment.status_changed"];

/** The conformance kit's checks of equipments.update on one server (see lib/updateKit.mjs). */
async function checkUpdate(/** @type {string} */ url) {
  const report = await runUpdateConformance(url);
  const first = report.results.find((/** @type {any} */ r) => r.status === "failed");
  return {
    passed: report.passed,
    failed: report.failed,
    skipped: report.skipped,
    ...(first ? { firstFailure: `${first.name}: ${first.message ?? "failed"}`.slice(0, 300) } : {}),
  };
}

/**
 * Checks every server with the kit, then each peer beside wsafe on the same requests: a
 * peer is `checked` when it passes both, else a FLOOR, printed as one.
 *
 * @param {Record<string, import("../lib/childServer.mjs").ChildServer>} targets
 * @param {import("pg").Client | undefined} client - the PostgreSQL database both its sides write
 */
async function checkTargets(targets, client) {
  /** @type {Record<string, any>} */
  const checked = {};
  for (const [name, server] of Object.entries(targets)) {
    const kit = await checkUpdate(server.url);
    const peer = name.startsWith("peer");
    checked[name] = {
      kit,
      kind: kit.failed === 0 && kit.passed > 0 ? "checked" : peer ? "floor" : "failing",
    };
    const line = `updates: ${name}: ${kit.failed === 0 ? `passes the kit's ${kit.passed} checks of equipments.update and of its register writes (${kit.skipped} skipped)` : `${peer ? "a FLOOR: " : "FAILS: "}fails ${kit.failed} of ${kit.passed + kit.failed} checks (first: ${kit.firstFailure})`}`;
    (kit.failed === 0 ? progress : loud)(line);
  }
  for (const store of ["Pglite", "Postgres"]) {
    const wsafe = targets[`wsafe${store}`];
    const peer = targets[`peer${store}`];
    if (!wsafe || !peer) continue;
    const agreement = await compareUpdateSides(
      { wsafe: wsafe.url, peer: peer.url },
      store === "Postgres" ? client : undefined,
    );
    checked[`peer${store}`].agreement = agreement;
    if (agreement.differences.length > 0) {
      checked[`peer${store}`].kind = "floor";
      loud(
        `updates: peer${store} answers otherwise than wsafe (a FLOOR): ${agreement.differences.length} differences, first: ${agreement.differences.slice(0, 3).join("; ")}`,
      );
    } else
      progress(
        `updates: peer${store} answers as wsafe does, field by field: ${agreement.requests} requests, ${agreement.events} events${store === "Postgres" ? ", outbox rows and kept answers" : ""}`,
      );
  }
  return checked;
}

/**
 * Imports the data into PGlite twice (wsafe's store and the peer's) and, with a database
 * URL, once into PostgreSQL (one database, both sides write it), starts wsafe and the
 * peer on each, and makes every account an endpoint that takes every event an update
 * records, so that each event writes its outbox row.
 *
 * @param {{ dataset: object, tlsDir: string, dirs: string[], postgresUrl?: string, servers: import("../lib/childServer.mjs").ChildServer[] }} options
 */
async function startTargets({ dataset, tlsDir, dirs, postgresUrl, servers }) {
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  const start = async (/** @type {string} */ name, /** @type {object} */ options) => {
    const server = await startChildServer(name, { tlsDir, rateLimit, webhooks, ...options });
    servers.push(server);
    return server;
  };
  const imported = async (/** @type {string} */ database) => {
    const store = await openStore(database);
    await importDataset(store, dataset);
    await store.close();
  };
  for (const dir of dirs) await imported(dir);
  progress(`updates: ${updateAccountCount} accounts imported into PGlite (twice: wsafe's and the peer's)`);
  /** @type {Record<string, import("../lib/childServer.mjs").ChildServer>} */
  const targets = {};
  targets.wsafePglite = await start("wsafeServer.mjs", { database: dirs[0] });
  targets.peerPglite = await start("equipmentsUpdatePeer.mjs", { database: dirs[1] });
  /** @type {Awaited<ReturnType<typeof createPostgresDatabase>> | undefined} */
  let db;
  /** @type {pg.Client | undefined} */
  let client;
  if (postgresUrl) {
    db = await createPostgresDatabase("bench_updates", postgresUrl);
    await imported(db.database);
    client = new pg.Client({ connectionString: db.database });
    await client.connect();
    await client.query("ANALYZE");
    progress("updates: the same data imported into PostgreSQL (one database: both sides write it)");
    targets.wsafePostgres = await start("wsafeServer.mjs", { database: db.database });
    targets.peerPostgres = await start("equipmentsUpdatePeer.mjs", {
      database: db.database,
      readsFrom: targets.wsafePostgres.url,
    });
  }
  // One endpoint per account, on each store (the PostgreSQL one is shared).
  for (const name of ["wsafePglite", "peerPglite", "wsafePostgres"].filter((n) => targets[n])) {
    for (let i = 0; i < updateAccountCount; i++) {
      const made = await timedPost(
        `${targets[name]?.url}/v1/webhooks.create`,
        { token: updateTokenOf(i, "write"), url: `http://127.0.0.1:9/bench-${i}`, types: endpointTypes },
        { keepBody: true },
      );
      if (!String(made.body).startsWith('{"ok":true'))
        throw new Error(`webhooks.create on ${name} failed: ${String(made.body).slice(0, 200)}`);
    }
  }
  return { targets, db, client };
}

/**
 * Workload: `equipments.update` (issue 49). wsafe on PGlite and on PostgreSQL beside the
 * raw-SQL peer on the same store kind (children/equipmentsUpdatePeer.mjs), each checked
 * first (the conformance kit's checks of the method, and the peer's answers and events
 * held to wsafe's field by field; a peer that fails is a floor, printed as one). Then,
 * with 1 and 16 clients on 16 accounts, rounds taking turns, every server pinned to its
 * CPU and the load generator to another (the steady method): req/s and the server
 * process's CPU µs per request from `/proc/<pid>/stat` (PostgreSQL's own processes are the
 * shared service's: neither pinned nor counted, alike for both). Each request updates one
 * equipment with `if_version` and a fresh idempotency key, a change of fields (one event)
 * and a move to the account's other type (five events: the record and four transitions)
 * in turn, each event with its webhook outbox row.
 *
 * @param {{ equipment: number, clients: number[], seconds: number, rounds: number, warmupSeconds: number, postgresUrl?: string }} size
 */
export async function runEquipmentsUpdate({
  equipment,
  clients,
  seconds,
  rounds,
  warmupSeconds,
  postgresUrl,
}) {
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  /** @type {import("../lib/childServer.mjs").ChildServer[]} */
  const servers = [];
  const dirs = ["wsafe-bench-upd-", "wsafe-bench-upd-peer-"].map((prefix) =>
    mkdtempSync(join(tmpdir(), prefix)),
  );
  /** @type {Awaited<ReturnType<typeof startTargets>> | undefined} */
  let started;
  try {
    started = await startTargets({
      dataset: updateDataset(equipment),
      tlsDir: tls.path,
      dirs,
      postgresUrl,
      servers,
    });
    const { targets, client } = started;
    const checked = await checkTargets(targets, client);
    closeIdleSockets();
    const timed = await timeUpdateRounds({
      targets,
      checked,
      equipment,
      clients,
      seconds,
      rounds,
      warmupSeconds,
    });
    return {
      accounts: updateAccountCount,
      equipmentPerAccount: equipment,
      seconds,
      rounds,
      checked,
      ...timed,
    };
  } finally {
    closeIdleSockets();
    for (const server of servers) await server.close();
    await started?.client?.end();
    await started?.db?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await tls.remove();
  }
}
