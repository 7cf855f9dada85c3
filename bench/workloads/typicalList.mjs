import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { methodUrlPath } from "@wsafe/schema";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { autocannon } from "../lib/autocannon.mjs";
import { benchEquipmentType, benchToken } from "../lib/benchDataset.mjs";
import { startChildServer } from "../lib/childServer.mjs";
import { loud, progress } from "../lib/log.mjs";
import { runStatement } from "../lib/postgresDatabase.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { summariseRounds } from "../lib/summariseRounds.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";

const path = methodUrlPath("equipments.list");

/**
 * The answer of one server, checked and reduced to a digest of its JSON value
 * (whitespace aside), so two servers can be compared.
 *
 * @param {import("../lib/childServer.mjs").ChildServer} server
 * @param {object} request
 */
async function answerOf(server, request) {
  const answer = await timedPost(`${server.url}${path}`, request, { keepBody: true });
  const parsed = JSON.parse(String(answer.body));
  if (parsed.ok !== true) throw new Error(`equipments.list failed: ${String(answer.body).slice(0, 300)}`);
  return {
    bytes: answer.bytes,
    records: parsed.equipments.length,
    canonical: createHash("sha256").update(JSON.stringify(parsed)).digest("hex"),
  };
}

/**
 * Loads wsafe and the raw-SQL ceiling of one store with autocannon, taking turns round
 * after round, after a warm-up of each.
 *
 * @param {{ backend: string, wsafeDatabase: string, ceilingDatabase: string, tlsDir: string, connections: number, seconds: number, rounds: number, warmupSeconds: number }} options
 */
async function measureBackend({
  backend,
  wsafeDatabase,
  ceilingDatabase,
  tlsDir,
  connections,
  seconds,
  rounds,
  warmupSeconds,
}) {
  /** @type {import("../lib/childServer.mjs").ChildServer[]} */
  const servers = [];
  try {
    const wsafe = await startChildServer("wsafeServer.mjs", {
      database: wsafeDatabase,
      tlsDir,
      rateLimit: { points: 1_000_000_000, durationSeconds: 1 },
    });
    servers.push(wsafe);
    const ceiling = await startChildServer("ceilingServer.mjs", { database: ceilingDatabase, tlsDir });
    servers.push(ceiling);
    const targets = { wsafe, ceiling };
    // The ceiling ignores the token: both get the same body.
    const request = { token: benchToken, equipmentType_id: benchEquipmentType, service_type: "all" };
    const ours = await answerOf(wsafe, request);
    const theirs = await answerOf(ceiling, request);
    closeIdleSockets();
    const sameAnswer = ours.canonical === theirs.canonical;
    if (!sameAnswer) {
      loud(
        `typical list ${backend}: wsafe and the ceiling answer differently (${ours.records} vs ${theirs.records} records)`,
      );
    }
    const body = JSON.stringify(request);
    for (const [name, server] of Object.entries(targets)) {
      progress(`typical list ${backend}: warming up ${name} for ${warmupSeconds} s`);
      await autocannon({ url: `${server.url}${path}`, body, connections, seconds: warmupSeconds });
    }
    /** @type {Record<string, any[]>} */
    const results = { wsafe: [], ceiling: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const [name, server] of Object.entries(targets)) {
        const result = await autocannon({ url: `${server.url}${path}`, body, connections, seconds });
        results[name].push(result);
        progress(
          `typical list ${backend}: round ${round}/${rounds} ${name.padEnd(7)} ${result.requests.average.toFixed(0).padStart(5)} req/s, p50 ${result.latency.p50} ms`,
        );
      }
    }
    const summary = {
      wsafe: summariseRounds(results.wsafe),
      ceiling: summariseRounds(results.ceiling),
    };
    return { ...summary, bytes: ours.bytes, records: ours.records, sameAnswer };
  } finally {
    for (const server of servers) await server.close();
  }
}

/**
 * Workload 7: `equipments.list` of one equipment type of a typical size (300 equipment,
 * 3 schedules each, all fields), the list most calls ask for, under load over HTTPS with
 * keep-alive: wsafe beside the raw-SQL ceiling of the big list (`children/listCeiling.mjs`:
 * the same rows by raw SQL, the same objects, one `JSON.stringify`, a bare Fastify route
 * with the same certificate), on PGlite and on PostgreSQL. Each PGlite side gets its
 * own copy of one imported directory (a PGlite directory has one process at a time).
 *
 * @param {{ dataset: any, connections: number, seconds: number, rounds: number, warmupSeconds: number, postgresUrl?: string }} options
 */
export async function runTypicalList({ dataset, connections, seconds, rounds, warmupSeconds, postgresUrl }) {
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  const load = { tlsDir: tls.path, connections, seconds, rounds, warmupSeconds };
  /** @type {Record<string, any>} */
  const backends = {};
  try {
    const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-typical-"));
    try {
      const wsafeDatabase = join(dir, "wsafe");
      const ceilingDatabase = join(dir, "ceiling");
      progress(`typical list: importing ${dataset.equipments.length} equipment into PGlite (${dir})`);
      const store = await openStore(wsafeDatabase);
      await importDataset(store, dataset);
      await store.close();
      cpSync(wsafeDatabase, ceilingDatabase, { recursive: true });
      backends.pglite = await measureBackend({ backend: "pglite", wsafeDatabase, ceilingDatabase, ...load });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (postgresUrl) {
      const db = await createPostgresDatabase("bench_typical", postgresUrl);
      try {
        progress(
          `typical list: importing ${dataset.equipments.length} equipment into PostgreSQL (${db.name})`,
        );
        const store = await openStore(db.database);
        await importDataset(store, dataset);
        await store.close();
        await runStatement(db.database, "ANALYZE");
        backends.postgres = await measureBackend({
          backend: "postgres",
          wsafeDatabase: db.database,
          ceilingDatabase: db.database,
          ...load,
        });
      } finally {
        await db.drop();
      }
    }
  } finally {
    closeIdleSockets();
    await tls.remove();
  }
  return { equipment: dataset.equipments.length, connections, seconds, rounds, backends };
}
