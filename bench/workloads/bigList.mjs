import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { methodUrlPath } from "@wsafe/schema";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { benchEquipmentType, benchToken } from "../lib/benchDataset.mjs";
import { startChildServer } from "../lib/childServer.mjs";
import { loud, progress } from "../lib/log.mjs";
import { median, percentiles } from "../lib/percentiles.mjs";
import { runStatement } from "../lib/postgresDatabase.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";

/**
 * The requests measured: every field, two columns, unset metafields as null, and only
 * the expired equipment (the audit question; the ceiling filters the same way).
 */
export const listVariants = {
  all: {},
  columns: { columns: ["id", "status"] },
  nulls: { include_null_metavalues: true },
  expired: { status: ["expired"] },
};

/** The page size of the pagination figures: the largest page, or a third of a small (quick) type. */
const pageSizeFor = (/** @type {number} */ count) => Math.min(1000, Math.max(1, Math.floor(count / 3)));

const curvePoints = [0, 10, 25, 50, 75, 90, 100];

/** Timed requests per side and variant: at least 3, then more while under 30 s in all. */
const minRuns = 3;
const budgetMs = 30_000;

/**
 * Times one server on one request: a first, untimed request (whose answer is kept to
 * check it), then timed ones - `minRuns` at least, `runs` at most, fewer than `runs`
 * once `budgetMs` is spent, so that a slow store does not take the whole hour.
 *
 * @param {import("../lib/childServer.mjs").ChildServer} server
 * @param {object} request
 * @param {number} runs
 */
async function measure(server, request, runs) {
  const idle = server.memory();
  const first = await timedPost(`${server.url}${methodUrlPath("equipments.list")}`, request, {
    keepBody: true,
  });
  const text = String(first.body);
  // Whitespace aside (jsonb prints `"a": 1`), both sides must say the same thing.
  const parsed = JSON.parse(text);
  if (parsed.ok !== true) throw new Error(`equipments.list failed: ${text.slice(0, 300)}`);
  const canonical = createHash("sha256").update(JSON.stringify(parsed)).digest("hex");
  const count = parsed.equipments.length;
  const times = [];
  const serverTimes = [];
  const started = performance.now();
  for (let i = 0; i < runs && (i < minRuns || performance.now() - started < budgetMs); i++) {
    const answer = await timedPost(`${server.url}${methodUrlPath("equipments.list")}`, request);
    times.push(answer.ms);
    const header = Number(answer.headers["svc-response-time"]);
    if (Number.isFinite(header)) serverTimes.push(header);
  }
  closeIdleSockets();
  const memory = server.memory();
  return {
    medianMs: median(times),
    times,
    curve: percentiles(times, curvePoints),
    serverMedianMs: serverTimes.length ? median(serverTimes) : null,
    bytes: first.bytes,
    records: count,
    canonical,
    idleRss: idle?.rss ?? null,
    peakRss: memory?.peak ?? null,
  };
}

/**
 * The first and the last page of 1 000 of the benchmark type, timed alike: keyset
 * pages should cost the same wherever they start. The walk to the last page's cursor is
 * not timed.
 *
 * @param {import("../lib/childServer.mjs").ChildServer} server
 * @param {number} runs
 * @param {number} count - equipment of the type
 */
async function measurePages(server, runs, count) {
  const pageSize = pageSizeFor(count);
  const base = {
    token: benchToken,
    equipmentType_id: benchEquipmentType,
    service_type: "all",
    limit: pageSize,
  };
  const url = `${server.url}${methodUrlPath("equipments.list")}`;
  let cursor;
  let position = 0;
  for (;;) {
    const page = JSON.parse(
      String((await timedPost(url, cursor ? { ...base, cursor } : base, { keepBody: true })).body),
    );
    if (page.ok !== true)
      throw new Error(`equipments.list page failed: ${JSON.stringify(page).slice(0, 300)}`);
    if (page.response_metadata.next_cursor === "") break;
    cursor = page.response_metadata.next_cursor;
    position += page.equipments.length;
  }
  // The two pages take turns, request by request, so that drift over the run (the
  // store settling after its import, the machine's load) falls on both alike.
  const lastRequest = cursor ? { ...base, cursor } : base;
  const firstTimes = [];
  const lastTimes = [];
  for (let i = 0; i < Math.max(minRuns, runs); i++) {
    firstTimes.push((await timedPost(url, base)).ms);
    lastTimes.push((await timedPost(url, lastRequest)).ms);
  }
  const first = { medianMs: median(firstTimes), times: firstTimes };
  const last = { medianMs: median(lastTimes), times: lastTimes };
  closeIdleSockets();
  return { pageSize, lastPosition: position, first, last, ratio: last.medianMs / first.medianMs };
}

/**
 * Workload 2 on one store: `equipments.list` on the benchmark type from wsafe and from
 * the ceiling, for each variant. With `fresh`, each variant gets a fresh server
 * process, so that its peak RSS belongs to that request alone; without, one process
 * per side serves every variant (the quick run, where start-ups would dominate).
 *
 * @param {{ backend: string, database: string, runs: number, fresh: boolean, tlsDir: string, count: number }} options
 */
async function measureBackend({ backend, database, runs, fresh, tlsDir, count }) {
  const sides = {
    wsafe: {
      start: () =>
        startChildServer("wsafeServer.mjs", {
          database,
          tlsDir,
          rateLimit: { points: 1_000_000_000, durationSeconds: 1 },
        }),
      extra: { token: benchToken },
    },
    ceiling: { start: () => startChildServer("ceilingServer.mjs", { database, tlsDir }), extra: {} },
  };
  /** @type {Record<string, Record<string, any>>} */
  const measured = { wsafe: {}, ceiling: {} };
  for (const [side, { start, extra }] of Object.entries(sides)) {
    /** @type {import("../lib/childServer.mjs").ChildServer | undefined} */
    let shared = fresh ? undefined : await start();
    try {
      for (const [variant, params] of Object.entries(listVariants)) {
        const server = shared ?? (await start());
        const request = { ...extra, equipmentType_id: benchEquipmentType, service_type: "all", ...params };
        try {
          const result = await measure(server, request, runs);
          measured[side][variant] = result;
          progress(
            `big list ${backend}/${variant} ${side}: median ${result.medianMs.toFixed(0)} ms over ${result.times.length} requests`,
          );
        } finally {
          if (!shared) await server.close();
        }
      }
    } finally {
      await shared?.close();
      shared = undefined;
    }
  }
  const pagesServer = await sides.wsafe.start();
  let pages;
  try {
    pages = await measurePages(pagesServer, runs, count);
    progress(
      `big list ${backend}/pages: first page ${pages.first.medianMs.toFixed(1)} ms, page at ${pages.lastPosition} ${pages.last.medianMs.toFixed(1)} ms: ${pages.ratio.toFixed(2)}×`,
    );
  } finally {
    await pagesServer.close();
  }
  /** @type {Record<string, any>} */
  const variants = {};
  for (const variant of Object.keys(listVariants)) {
    const ours = measured.wsafe[variant];
    const ceiling = measured.ceiling[variant];
    const sameAnswer = ours.canonical === ceiling.canonical;
    if (!sameAnswer) {
      loud(
        `big list ${backend}/${variant}: wsafe and the ceiling answer differently (${ours.records} vs ${ceiling.records} records)`,
      );
    }
    variants[variant] = { wsafe: ours, ceiling, sameAnswer, ratio: ours.medianMs / ceiling.medianMs };
    progress(
      `big list ${backend}/${variant}: wsafe ${ours.medianMs.toFixed(0)} ms (${(ours.bytes / 1e6).toFixed(1)} MB, peak RSS ${(ours.peakRss / 2 ** 20).toFixed(0)} MiB), ceiling ${ceiling.medianMs.toFixed(0)} ms (peak RSS ${(ceiling.peakRss / 2 ** 20).toFixed(0)} MiB): ${(ours.medianMs / ceiling.medianMs).toFixed(2)}×`,
    );
  }
  return { variants, pages };
}

/**
 * Workload 2: `equipments.list` on one type of N equipment (3 schedules each, a few
 * metavalues), on PGlite and on PostgreSQL, beside the raw-SQL ceiling.
 *
 * @param {{ dataset: any, runs: number, freshServerPerVariant: boolean, postgresUrl?: string }} options
 */
export async function runBigList({ dataset, runs, freshServerPerVariant, postgresUrl }) {
  const { importDataset, openStore } = await import(serverLocation().entryUrl);
  // One certificate for the wsafe server and the ceiling: the same handshake on both sides.
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  const count = dataset.equipments.length;
  /** @type {Record<string, any>} */
  const backends = {};
  /** @type {Record<string, any>} */
  const pages = {};
  try {
    const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-pglite-"));
    try {
      progress(`big list: importing ${count} equipment into PGlite (${dir})`);
      const store = await openStore(dir);
      await importDataset(store, dataset);
      await store.close();
      ({ variants: backends.pglite, pages: pages.pglite } = await measureBackend({
        backend: "pglite",
        database: dir,
        runs,
        fresh: freshServerPerVariant,
        tlsDir: tls.path,
        count,
      }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (postgresUrl) {
      const db = await createPostgresDatabase("bench_list", postgresUrl);
      try {
        progress(`big list: importing ${count} equipment into PostgreSQL (${db.name})`);
        const store = await openStore(db.database);
        await importDataset(store, dataset);
        await store.close();
        // What autovacuum does shortly after any bulk load: the planner gets statistics.
        await runStatement(db.database, "ANALYZE");
        ({ variants: backends.postgres, pages: pages.postgres } = await measureBackend({
          backend: "postgres",
          database: db.database,
          runs,
          fresh: freshServerPerVariant,
          tlsDir: tls.path,
          count,
        }));
      } finally {
        await db.drop();
      }
    }
  } finally {
    await tls.remove();
  }
  return { equipment: count, schedulesPerEquipment: 3, runs, freshServerPerVariant, backends, pages };
}
