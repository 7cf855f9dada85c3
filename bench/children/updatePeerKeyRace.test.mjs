// The update peer on PostgreSQL when a writer that takes no account lock (an import) gives
// another equipment the key the peer's request gives, between the peer's check and its
// write: the unique index refuses the peer's row once the other commits, and the peer
// answers `external_id_taken` naming that equipment, as wsafe does, never server_error.
import {
  createPostgresDatabase,
  createScratchDirectory,
  skipWithout,
  writeCertificateFiles,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildServer } from "../lib/childServer.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";
import { checkedEquipmentIds, updateDataset, updateTokenOf } from "../lib/updateDataset.mjs";

const skip = skipWithout(
  "PostgreSQL",
  "the update peer's key race (a lock PostgreSQL holds across connections)",
);
const { compared, keyHolder } = checkedEquipmentIds("peer");

describe.skipIf(skip)("the raw-SQL peer of equipments.update on PostgreSQL", () => {
  /** @type {Awaited<ReturnType<typeof createScratchDirectory>>} */
  let scratch;
  /** @type {Awaited<ReturnType<typeof createPostgresDatabase>>} */
  let db;
  /** @type {import("../lib/childServer.mjs").ChildServer[]} */
  const servers = [];
  let peerUrl = "";

  beforeAll(async () => {
    scratch = await createScratchDirectory("bench-update-peer-race");
    await writeCertificateFiles(scratch.path);
    db = await createPostgresDatabase("bench_update_race");
    const { importDataset, openStore } = await import(serverLocation().entryUrl);
    const store = await openStore(db.database);
    await importDataset(store, updateDataset(1));
    await store.close();
    const options = {
      tlsDir: scratch.path,
      database: db.database,
      rateLimit: { points: 1_000_000, durationSeconds: 1 },
    };
    const wsafe = await startChildServer("wsafeServer.mjs", options);
    servers.push(wsafe);
    const peer = await startChildServer("equipmentsUpdatePeer.mjs", { ...options, readsFrom: wsafe.url });
    servers.push(peer);
    peerUrl = peer.url;
  }, 300_000);

  afterAll(async () => {
    closeIdleSockets();
    for (const server of servers) await server.close();
    await db?.drop();
    await scratch?.remove();
  });

  it("answers external_id_taken naming the equipment another writer gave the key meanwhile", async () => {
    const other = new pg.Client({ connectionString: db.database });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("UPDATE equipments SET external_id = 'RACE-1' WHERE id = $1", [keyHolder]);
      // The peer's check finds no holder (not committed yet); its write waits on the index.
      const answer = timedPost(
        `${peerUrl}/v1/equipments.update`,
        {
          token: updateTokenOf(0, "write"),
          id: compared,
          external_id: "RACE-1",
          idempotency_key: "bench-race-1",
        },
        { keepBody: true },
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await other.query("COMMIT");
      expect(JSON.parse(String((await answer).body))).toEqual({
        ok: false,
        error: "external_id_taken",
        description: `external_id RACE-1 is held by equipment ${keyHolder}: update it with equipments.update, or choose another key`,
      });
      const rows = await other.query(
        "SELECT (SELECT external_id FROM equipments WHERE id = $1) AS key, (SELECT count(*)::int FROM inspection_requests WHERE idempotency_key = 'bench-race-1') AS kept",
        [compared],
      );
      expect(rows.rows).toEqual([{ key: null, kept: 0 }]);
    } finally {
      await other.end();
    }
  }, 120_000);
});
