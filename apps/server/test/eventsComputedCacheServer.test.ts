// A started server's walk of expected events (events.list, pages inside one instant,
// answered from the events kept by the page before) and inspections.record between two
// pages: the next page shows the inspection's change at once. On PostgreSQL every page is
// also compared with a second server without any cache, on the same database.
import type { Event } from "@wsafe/schema";
import { type ScratchDatabase, seedDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { callMethod } from "./support/callApi.js";
import { inspectionDataset, inspectionSchedules, inspectionTokens } from "./support/inspectionDataset.js";

const day = 86_400_000;
const own = inspectionTokens(0);

interface EventsPage {
  events: Event[];
  response_metadata: { next_cursor: string };
}

describe.each(testStores)(
  "an events.list walk with inspections.record between pages on $name",
  ({ name, skip, create }) => {
    const now = Date.now();
    let db: ScratchDatabase;
    let server: RunningServer;
    let uncached: RunningServer | undefined;

    beforeAll(async () => {
      if (skip) return;
      db = await create();
      // Twelve equipment whose yearly schedules all expire at one instant, 265 days on.
      await seedDatabase({ openStore, importDataset }, db.database, inspectionDataset(2, 12, now));
      server = await startServer({ port: 0, database: db.database, logger: false });
      // PGlite's directory is one process's: only PostgreSQL has a second server beside it.
      if (name === "PostgreSQL")
        uncached = await startServer({ port: 0, database: db.database, logger: false, readCache: false });
    }, 60_000);
    afterAll(async () => {
      await uncached?.close();
      await server?.close();
      await db?.drop();
    });

    const list = async (at: RunningServer, cursor?: string) => {
      const answer = await callMethod(at.url, "POST", "events.list", {
        token: own.read,
        from: now + day,
        to: now + 300 * day,
        ...(cursor ? { cursor } : { limit: 4 }),
      });
      expect(answer.status).toBe(200);
      return answer.body as EventsPage;
    };
    /** The page from both servers; they must agree. */
    const page = async (cursor?: string) => {
      const got = await list(server, cursor);
      if (uncached) expect(got).toEqual(await list(uncached, cursor));
      return got;
    };

    it.skipIf(skip)("shows the inspection on the next page, as a server without cache does", async () => {
      const first = await page();
      const second = await page(first.response_metadata.next_cursor);
      const third = await page(second.response_metadata.next_cursor);
      // One instant across all three pages: the second and third start inside it.
      const instants = new Set([first, second, third].flatMap((p) => p.events.map((e) => e.occurred_at)));
      expect(instants.size).toBe(1);
      expect(third.events).toHaveLength(4);
      expect(new Set([first, second, third].flatMap((p) => p.events.map((e) => e.id))).size).toBe(12);
      const inspected = third.events[1]!;
      expect(inspected.schedule_id).toBe(inspectionSchedules.yearly);
      const recorded = await callMethod(server.url, "POST", "inspections.record", {
        token: own.write,
        equipment_id: inspected.equipment_id,
        schedule_id: inspectionSchedules.yearly,
        result: "passed",
        inspector_id: "u_insp_0",
      });
      expect(recorded.status).toBe(200);
      // Renewed for a year: its expiry 265 days on is no longer expected; the others are.
      const again = (await page(second.response_metadata.next_cursor)).events;
      expect(again.map((e) => e.id)).not.toContain(inspected.id);
      const others = third.events.filter((e) => e.id !== inspected.id);
      expect(again.slice(0, others.length)).toEqual(others);
    });
  },
);
