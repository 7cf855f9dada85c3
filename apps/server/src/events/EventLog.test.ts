import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../store/openStore.js";
import type { Store } from "../store/Store.js";
import { EventLog } from "./EventLog.js";

const day = 86_400_000;

describe(EventLog, () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore("memory://");
  });
  afterAll(async () => {
    await store?.close();
  });

  it("prunes the events older than the retention, and only those", async () => {
    const now = Date.UTC(2026, 10, 26);
    // Recorded in order: instants never fall as sequences rise.
    const instants = [now - 100 * day, now - 95 * day, now - 90 * day, now - 10 * day, now];
    for (const [index, at] of instants.entries()) {
      await store.sql.query(
        `INSERT INTO events (id, account_id, type, occurred_at, cause, equipment_id, equipment_type_id, from_status, to_status, sequence)
         VALUES ($1, 'acc', 'equipment.status_changed', $2, 'time', 'eq', 'et', 'uptodate', 'expiring', $3)`,
        [`ev_${index}`, at, index + 1],
      );
    }
    const log = new EventLog(store.sql, 90 * day);
    expect(await log.prune(now)).toBe(2);
    const left = await store.sql.query<{ id: string }>("SELECT id FROM events ORDER BY sequence");
    expect(left.map((row) => row.id)).toEqual(["ev_2", "ev_3", "ev_4"]);
    expect(await log.prune(now)).toBe(0);
    // Everything older: the table empties.
    expect(await new EventLog(store.sql, 1).prune(now + day)).toBe(3);
  });
});
