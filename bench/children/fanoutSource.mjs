// The row source both fan-out peers share (`sseFanoutPeer.mjs`, `trpcFanoutPeer.mjs`): the
// store of the build under measurement, opened in the peer's process; on each notification
// of the events channel, the rows recorded since the last read, 500 at a time in sequence
// order (as wsafe's feed reads them), each made into its event record (the server's own
// `eventRecord`) and handed on grouped by account; and the import the workload asks for.
import { defaultEventTypes } from "@wsafe/schema";
import { serverLocation } from "../lib/serverSnapshot.mjs";
import { importOnRequest } from "./importOnRequest.mjs";

const columns =
  "id, type, occurred_at::text, cause, equipment_id, equipment_type_id, schedule_id, from_status, to_status, inspection_id, sequence::text, account_id";

/**
 * Opens the store and follows what is recorded in it.
 *
 * @param {string} database
 * @param {(account: string) => boolean} wanted - whether an account has a connection
 * @param {(account: string, records: any[]) => void} deliver - one batch of an account's records
 * @returns {Promise<{ close: () => Promise<void> }>}
 */
export async function followRecordedEvents(database, wanted, deliver) {
  const entry = serverLocation().entryUrl;
  const { openStore } = await import(entry);
  const { eventRecord } = await import(new URL("./events/EventLog.js", entry).href);
  const store = await openStore(database);
  const [{ last }] = await store.sql.query("SELECT coalesce(max(sequence), 0)::text AS last FROM events");
  let after = Number(last);
  let reading = false;
  let again = false;
  const read = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        for (;;) {
          // What wsafe's feed sends a stream that names no type (the readers' streams): the
          // status transitions, not an import's record events.
          const rows = await store.sql.query(
            `SELECT ${columns} FROM events WHERE sequence > $1 AND type = ANY($2::text[])
              ORDER BY events.sequence LIMIT 500`,
            [after, defaultEventTypes],
          );
          /** @type {Map<string, any[]>} */
          const batches = new Map();
          const now = Date.now();
          for (const row of rows) {
            after = Number(row.sequence);
            if (!wanted(row.account_id)) continue;
            const batch = batches.get(row.account_id) ?? [];
            batch.push(eventRecord(row, now));
            batches.set(row.account_id, batch);
          }
          for (const [account, records] of batches) deliver(account, records);
          if (rows.length < 500) break;
        }
      } while (again);
    } finally {
      reading = false;
    }
  };
  // A notification lost with its connection: read again once listening again.
  const stop = await store.sql.listen(
    "wsafe_events",
    () => void read(),
    (/** @type {boolean} */ listening) => {
      if (listening) void read();
    },
  );
  importOnRequest(async () => store);
  return {
    async close() {
      await stop();
      await store.close();
    },
  };
}
