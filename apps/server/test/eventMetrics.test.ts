// The metrics of events, streams and retention, scraped from a real server on both
// stores: events recorded by type and cause (the store's count, whoever recorded them:
// an import run outside the server counts too), the recorder's lag, the streams open on
// the process, the rows its retention pruned. Before, none of them existed: events were
// invisible to operators.
import {
  eventually,
  type ScratchDatabase,
  samplesOf,
  scrapeExposition,
  testStores,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { storeOf } from "../src/testing.js";
import { soonDataset, soonToken } from "./support/soonDataset.js";
import { followWithTrpc, type StreamReading } from "./support/streamClients.js";

const DAY = 86_400_000;

describe.each(testStores)("the events metrics on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer;
  const readers: StreamReading[] = [];
  const scrape = () => scrapeExposition(server.metricsUrl!);

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    // Before the server: an import (two accounts: a type and an equipment are created, and
    // a schedule and the equipment appear, for each) and three events recorded 100 days
    // ago, past the 90 days kept.
    const store = await openStore(db.database);
    await importDataset(store, soonDataset(2, Date.now() + 3_600_000, Date.now() + 7_200_000));
    for (const n of [1, 2, 3])
      await store.sql.query(
        `INSERT INTO events (id, account_id, type, occurred_at, cause, equipment_id, equipment_type_id, from_status, to_status, sequence)
         VALUES ($1, 'acc_soon_0', 'equipment.status_changed', $2, 'time', 'eq_old', 'et_soon_0', 'uptodate', 'expiring', -$3::bigint)`,
        [`ev_old_${n}`, Date.now() - 100 * DAY + n, n],
      );
    await store.close();
    server = await startServer({ port: 0, database: db.database, metricsPort: 0, logger: false });
  }, 60_000);
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await server?.close();
    await db?.drop();
  });

  it.skipIf(skip)("count the events ever recorded by type and cause, and the recorder's lag", async () => {
    const samples = await scrape();
    expect(samplesOf(samples, "wsafe_events_recorded_total")).toEqual({
      '{cause="import",type="equipment.created"}': 2,
      '{cause="import",type="equipment.status_changed"}': 2,
      '{cause="import",type="equipmentType.created"}': 2,
      '{cause="import",type="schedule.status_changed"}': 2,
      '{cause="time",type="equipment.status_changed"}': 3,
    });
    expect(samplesOf(samples, "wsafe_events_recorder_lag_seconds")).toEqual({ "": 0 });
  });

  it.skipIf(skip)(
    "count what the server's retention pruned, and keep counting what was recorded",
    async () => {
      // The server's first round at start: it found the three old events.
      await eventually(
        async () => samplesOf(await scrape(), "wsafe_retention_pruned_rows_total")['{table="events"}'] === 3,
        "the pruned rows are counted",
      );
      const [row] = await storeOf(server).sql.query<{ count: string }>(
        "SELECT count(*)::text AS count FROM events WHERE id LIKE 'ev_old_%'",
      );
      expect(row!.count).toBe("0");
      // Pruning does not lower the count of what was recorded.
      expect(
        samplesOf(await scrape(), "wsafe_events_recorded_total")[
          '{cause="time",type="equipment.status_changed"}'
        ],
      ).toBe(3);
    },
  );

  it.skipIf(skip)("count the streams open on the process", async () => {
    expect(samplesOf(await scrape(), "wsafe_streams_open")).toEqual({ "": 0 });
    readers.push(
      followWithTrpc(server.url, { token: soonToken(0) }),
      followWithTrpc(server.url, { token: soonToken(1) }),
    );
    const open = async () => samplesOf(await scrape(), "wsafe_streams_open")[""];
    await eventually(async () => (await open()) === 2, "two open streams are counted");
    for (const reader of readers.splice(0)) reader.close();
    await eventually(async () => (await open()) === 0, "closed streams are not counted");
  });
});
