import { setTimeout as sleep } from "node:timers/promises";
import { defaultEventTypes } from "@wsafe/schema";
import { eventually } from "@wsafe/test-support";
import pg from "pg";
import { readEventStream } from "./readEventStream.js";
import type { WriteCall } from "./startWrites.js";

/** What the store and a stream hold of some writes, see {@link readRecordedWrites}. */
export interface RecordedWrites {
  /** Equipment the store holds more than one inspection of, or another than the call's answer. */
  notOnce: string[];
  /**
   * How many inspections have how many status transitions: `{ "2": 150 }` when each has
   * two (an inspection that renews a schedule also records `equipment.updated`, which a
   * reader that names no type never gets).
   */
  eventsPerInspection: Record<string, number>;
  /** The ids of the account's status transitions from the instant, in the store's recording order (`sequence`): what a stream naming no type gets. */
  stored: string[];
  /** The same read from `events.stream` through the proxy, as a reader gets them. */
  streamed: string[];
}

/**
 * Reads what `calls` left: the inspections of their equipment and the events of those
 * inspections (straight from PostgreSQL), and the account's events from `from` on, both
 * as the store numbers them and as a reader of `events.stream` through the proxy gets
 * them (read until it has as many, then a second more, so one sent twice shows).
 *
 * @param where - the proxy and the database
 * @param calls - the writes, as they ended
 * @param from - an instant before the first of them (ms)
 */
export async function readRecordedWrites(
  where: { proxyUrl: string; certificate: string; database: string; account: string; token: string },
  calls: readonly WriteCall[],
  from: number,
): Promise<RecordedWrites> {
  const admin = new pg.Client({ connectionString: where.database });
  await admin.connect();
  try {
    const { rows: inspections } = await admin.query<{ equipment_id: string; id: string }>(
      "SELECT equipment_id, id FROM inspections WHERE account_id = $1 AND equipment_id = ANY($2)",
      [where.account, calls.map((call) => call.equipment)],
    );
    const held = new Map<string, string[]>();
    for (const row of inspections)
      held.set(row.equipment_id, [...(held.get(row.equipment_id) ?? []), row.id]);
    const notOnce = calls
      .filter((call) => {
        const ids = held.get(call.equipment) ?? [];
        return ids.length > 1 || (call.inspection !== undefined && ids[0] !== call.inspection);
      })
      .map((call) => `${call.equipment}: ${(held.get(call.equipment) ?? []).join(", ") || "none"}`);
    const { rows: counts } = await admin.query<{ n: number }>(
      `SELECT count(e.id)::int AS n FROM inspections i
         LEFT JOIN events e ON e.inspection_id = i.id AND e.type = ANY($3::text[])
        WHERE i.account_id = $1 AND i.equipment_id = ANY($2) GROUP BY i.id`,
      [where.account, calls.map((call) => call.equipment), defaultEventTypes],
    );
    const eventsPerInspection: Record<string, number> = {};
    for (const { n } of counts) eventsPerInspection[n] = (eventsPerInspection[n] ?? 0) + 1;
    const { rows: events } = await admin.query<{ id: string }>(
      `SELECT id FROM events WHERE account_id = $1 AND type = ANY($3::text[])
          AND sequence >= (SELECT min(sequence) FROM events WHERE account_id = $1 AND occurred_at >= $2)
        ORDER BY sequence`,
      [where.account, from, defaultEventTypes],
    );
    const stored = events.map((row) => row.id);
    const stream = readEventStream(where.proxyUrl, where.certificate, where.token, from);
    try {
      // One that never gets them all is compared as it is: the difference is the finding.
      await eventually(() => stream.events.length >= stored.length, "the stream has replayed every event", {
        timeoutMs: 30_000,
        intervalMs: 100,
      }).catch(() => {});
      await sleep(1_000);
    } finally {
      await stream.stop();
    }
    return { notOnce, eventsPerInspection, stored, streamed: stream.events.map((got) => got.id) };
  } finally {
    await admin.end();
  }
}
