import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase, createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { benchDataset, benchToken } from "../lib/benchDataset.mjs";
import { eventsTimeline } from "../lib/eventsTimeline.mjs";
import { progress } from "../lib/log.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { measureList } from "./eventsList.mjs";
import { measureRecorder } from "./eventsRecorder.mjs";

/** The bench dataset's one account. */
const accountId = "acc_bench";

/**
 * Makes the store of one side: migrated, its event clock set back to the timeline's
 * import instant (as if the store had been made 30 days ago: a store's history starts at
 * its migration), then the dataset imported at that instant with the server's
 * `importDatasetAt` (`@wsafe/server/testing`), which records the import's own events.
 *
 * @param {string} database
 * @param {any} dataset
 * @param {ReturnType<typeof eventsTimeline>} timeline
 * @param {string} label
 */
async function prepareStore(database, dataset, timeline, label) {
  const { openStore } = await import(serverLocation().entryUrl);
  const { importDatasetAt } = await import(new URL("./testing.js", serverLocation().entryUrl).href);
  const store = await openStore(database);
  await store.sql.query("UPDATE event_clock SET recorded_until = $1::bigint", [timeline.importAt]);
  const start = performance.now();
  const summary = await importDatasetAt(store, dataset, timeline.importAt);
  const importMs = performance.now() - start;
  progress(
    `events ${label}: imported ${dataset.equipments.length} equipment at the timeline's start in ${(importMs / 1000).toFixed(1)} s (${summary.events} import events)`,
  );
  return { store, importMs, importEvents: summary.events };
}

/**
 * One store's whole workload: prepared, the recorder measured in process, closed; then
 * the server's part.
 *
 * @param {{ database: string, peerStore: () => Promise<any>, keepForPeer?: () => void, dataset: any, timeline: ReturnType<typeof eventsTimeline>, tlsDir: string, sizes: any, postgres: boolean, label: string }} options
 */
async function measureStore({
  database,
  peerStore,
  keepForPeer,
  dataset,
  timeline,
  tlsDir,
  sizes,
  postgres,
  label,
}) {
  const { store, importMs, importEvents } = await prepareStore(database, dataset, timeline, label);
  let recorder;
  try {
    recorder = await measureRecorder({
      store,
      timeline,
      accountId,
      probes: sizes.probes,
      catchUps: sizes.catchUps,
      label,
    });
  } finally {
    await store.close();
  }
  keepForPeer?.();
  const list = await measureList({
    database,
    peerStore,
    tlsDir,
    timeline,
    token: benchToken,
    accountId,
    pageSize: sizes.pageSize,
    walks: sizes.walks,
    idle: sizes.idle,
    postgres,
    label,
  });
  return { importMs, importEvents, recorder, ...list };
}

/**
 * Workload 8: events (issue 29). On a store of `equipment` equipment (the bench dataset,
 * three schedules each), on PGlite and PostgreSQL: the recorder's cost (the idle probe,
 * one-day catch-ups, a 30-day catch-up, the CPU of an idle server with and without its
 * recorder) and `events.list` walked over a 30-day window of expected events and one of
 * recorded events, each beside the raw-SQL peer (`lib/eventsPeerSql.mjs`) after checking
 * that both give the same events.
 *
 * @param {{ equipment: number, pageSize: number, walks: number, probes: number, catchUps: number, idle: { settleSeconds: number, seconds: number, sliceSeconds: number }, postgresUrl?: string }} options
 */
export async function runEvents({ postgresUrl, ...sizes }) {
  const timeline = eventsTimeline(Date.now());
  const dataset = benchDataset({ equipmentCount: sizes.equipment, now: timeline.importAt });
  const { openStore } = await import(serverLocation().entryUrl);
  const tls = await createScratchDirectory("bench-tls");
  await writeCertificateFiles(tls.path);
  /** @type {Record<string, any>} */
  const backends = {};
  const common = { dataset, timeline, tlsDir: tls.path, sizes };
  try {
    const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-events-"));
    try {
      const database = join(dir, "wsafe");
      const peerDirectory = join(dir, "peer");
      backends.pglite = await measureStore({
        ...common,
        database,
        // The peer's own copy, made once the store is prepared and closed, before a server opens it.
        keepForPeer: () => cpSync(database, peerDirectory, { recursive: true }),
        peerStore: () => openStore(peerDirectory),
        postgres: false,
        label: "pglite",
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    if (postgresUrl) {
      const db = await createPostgresDatabase("bench_events", postgresUrl);
      try {
        backends.postgres = await measureStore({
          ...common,
          database: db.database,
          peerStore: () => openStore(db.database),
          postgres: true,
          label: "postgres",
        });
      } finally {
        await db.drop();
      }
    }
  } finally {
    await tls.remove();
  }
  return { equipment: sizes.equipment, pageSize: sizes.pageSize, timeline, backends };
}
