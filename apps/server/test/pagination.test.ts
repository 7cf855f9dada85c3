// Pages of resources.list, equipments.list and equipmentTypes.list, on both stores:
// a walk reads exactly the whole list, a cursor is bound to its walk, and records
// imported during a walk are neither repeated nor make it skip one.

import { fixtureTokens, plainEquipment, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import { importDataset } from "../src/import/importDataset.js";
import { type RunningServer, startServer } from "../src/index.js";
import { openStore } from "../src/store/openStore.js";
import { callMethod } from "./support/callApi.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

const read = demoTokens.read;
type Body = Record<string, unknown> & { response_metadata?: { next_cursor: string } };

describe.each(testStores)("pagination on $name", ({ skip, create }) => {
  describe.skipIf(skip)("walks", () => {
    let t: FixtureServer;
    let server: RunningServer;
    let url: string;
    beforeAll(async () => {
      t = await startFixtureServer(create);
      server = t.server;
      url = t.url;
    });
    afterAll(async () => {
      await server?.close();
      await t?.db.drop();
    });

    const call = async (method: string, data: Record<string, unknown>, httpMethod: "GET" | "POST" = "POST") =>
      (await callMethod(url, httpMethod, method, data)).body as Body;

    /** Every page of a walk, following next_cursor until "". */
    async function walk(method: string, field: string, data: Record<string, unknown>, limit: number) {
      const pages: unknown[][] = [];
      let cursor: string | undefined;
      do {
        const body = await call(method, { ...data, limit, ...(cursor ? { cursor } : {}) });
        expect(body.ok, JSON.stringify(body)).toBe(true);
        const records = body[field] as unknown[];
        expect(records.length).toBeLessThanOrEqual(limit);
        pages.push(records);
        cursor = body.response_metadata!.next_cursor;
      } while (cursor !== "");
      return pages;
    }

    // One fixed instant, so that a walk and the whole list compute the same statuses
    // (the demo data's dates are spread around the time it was made: every status occurs).
    const harness = { token: read, equipmentType_id: "et_harness", as_of: Date.now() };

    it("walks equipments.list in pages that make up exactly the whole list, in its order", async () => {
      const whole = await call("equipments.list", harness);
      expect(whole.response_metadata).toBeUndefined();
      const pages = await walk("equipments.list", "equipments", harness, 7);
      expect(pages.flat()).toEqual(whole.equipments);
      expect(pages.length).toBe(Math.ceil((whole.equipments as unknown[]).length / 7));
    });

    it("walks with GET as with POST, with a status filter, columns and every service state", async () => {
      const filter = {
        ...harness,
        status: ["expired", "expiring"],
        service_type: "all",
        columns: ["id", "status"],
      };
      const whole = await call("equipments.list", filter);
      const statuses = new Set((whole.equipments as { status: string }[]).map((e) => e.status));
      expect([...statuses].sort()).toEqual(["expired", "expiring"]);
      const first = await call("equipments.list", { ...filter, limit: 3 }, "GET");
      const rest = await walk("equipments.list", "equipments", filter, 5);
      expect(first.equipments).toEqual((whole.equipments as unknown[]).slice(0, 3));
      expect(rest.flat()).toEqual(whole.equipments);
    });

    it("answers the audit question: statuses as of another instant, filtered", async () => {
      const past = await call("equipments.list", {
        ...harness,
        as_of: 0,
        columns: ["id", "status", "schedules"],
      });
      // At the epoch nothing has reached its dates: only never-completed schedules are expired.
      for (const equipment of past.equipments as {
        status: string;
        schedules: { lastCompletedOn: unknown; status: string }[];
      }[]) {
        for (const schedule of equipment.schedules)
          expect(schedule.status).toBe(schedule.lastCompletedOn === null ? "expired" : "uptodate");
      }
      // Far ahead every inspection has expired; only equipment without schedules is up to date.
      const farFuture = { ...harness, as_of: 4_000_000_000_000, columns: ["id", "status", "schedules"] };
      const all = (await call("equipments.list", farFuture)).equipments as {
        status: string;
        schedules: unknown[];
      }[];
      for (const e of all) expect(e.status).toBe(e.schedules.length ? "expired" : "uptodate");
      const upToDate = (await call("equipments.list", { ...farFuture, status: ["uptodate"] })).equipments;
      expect(upToDate).toEqual(all.filter((e) => e.schedules.length === 0));
    });

    it("keeps the walk's instant on later pages and refuses another as_of", async () => {
      const first = await call("equipments.list", {
        ...harness,
        as_of: 0,
        limit: 2,
        columns: ["id", "status"],
      });
      const cursor = first.response_metadata!.next_cursor;
      const next = await call("equipments.list", {
        ...harness,
        as_of: undefined,
        cursor,
        columns: ["id", "status"],
      });
      const whole = await call("equipments.list", { ...harness, as_of: 0, columns: ["id", "status"] });
      expect(next.equipments).toEqual((whole.equipments as unknown[]).slice(2, 4));
      const moved = await call("equipments.list", { ...harness, as_of: 1, cursor });
      expect(moved).toEqual({
        ok: false,
        error: "parameter_invalid",
        description: "invalid parameter: cursor: not a cursor of this walk",
      });
    });

    it("refuses a cursor that was altered, of another method, of other filters or of another account", async () => {
      const first = await call("equipments.list", { ...harness, limit: 2 });
      const cursor = first.response_metadata!.next_cursor;
      const last = cursor.at(-1) === "A" ? "B" : "A";
      const refused = [
        await call("equipments.list", { ...harness, cursor: `${cursor.slice(0, -1)}${last}` }),
        await call("equipments.list", { ...harness, cursor: "v1.e30.AAAAAAAAAAAAAAAAAAAAAA" }),
        await call("equipments.list", { ...harness, cursor, service_type: "all" }),
        await call("equipments.list", { ...harness, cursor, status: ["expired"] }),
        await call("equipments.list", { ...harness, cursor, equipmentType_id: "et_ladder" }),
        await call("resources.list", { token: read, cursor }),
        await call("equipmentTypes.list", { token: read, cursor }),
        await call("equipments.list", { ...harness, token: demoTokens.otherAccount, cursor }),
      ];
      for (const body of refused)
        expect(body).toMatchObject({
          error: "parameter_invalid",
          description: expect.stringContaining("cursor"),
        });
      // What may change between pages: the page size, the columns, nulls, pretty.
      const changed = await call("equipments.list", {
        ...harness,
        cursor,
        limit: 1,
        columns: ["id"],
        include_null_metavalues: true,
        pretty: true,
      });
      expect(changed.ok).toBe(true);
    });

    it("checks the cursor with the parameters: before the type is looked up, after unknown keys", async () => {
      expect(
        await call("equipments.list", { token: read, equipmentType_id: "et_nope", cursor: "x" }),
      ).toMatchObject({
        error: "parameter_invalid",
      });
      expect(
        await call("equipments.list", { token: read, equipmentType_id: "et_nope", cursor: "x", colums: 1 }),
      ).toMatchObject({
        error: "parameter_unexpected",
      });
      expect(
        await call("equipments.list", { token: read, equipmentType_id: "et_nope", limit: 2 }),
      ).toMatchObject({
        error: "content_not_found",
      });
    });

    it("walks resources.list and equipmentTypes.list, and ends with an empty next_cursor", async () => {
      for (const [method, field] of [
        ["resources.list", "resources"],
        ["equipmentTypes.list", "equipmentTypes"],
      ] as const) {
        const whole = await call(method, { token: read });
        const pages = await walk(method, field, { token: read }, 2);
        expect(pages.flat()).toEqual(whole[field]);
        const all = await call(method, { token: read, limit: 1000 });
        expect(all[field]).toEqual(whole[field]);
        expect(all.response_metadata).toEqual({ next_cursor: "" });
      }
    });

    it("orders equipment types by name, then id, and shows another account's only to it", async () => {
      const mine = (await call("equipmentTypes.list", { token: fixtureTokens.read })).equipmentTypes;
      expect(mine).toEqual([
        { id: "et_fix_empty", name: "Empty type", metafields: [] },
        {
          id: "et_fix",
          name: "Fixture type",
          metafields: [
            { id: "mf_a", name: "A" },
            { id: "mf_b", name: "B" },
            { id: "mf_c", name: "C" },
          ],
        },
      ]);
      const theirs = (await call("equipmentTypes.list", { token: fixtureTokens.other })).equipmentTypes;
      expect(theirs).toEqual([
        { id: "et_fix_other", name: "Other's type", metafields: [{ id: "mf_o", name: "O" }] },
      ]);
    });

    it("neither repeats nor skips a record when records are imported mid-walk, across a restart", async () => {
      const filter = {
        token: fixtureTokens.read,
        equipmentType_id: "et_fix",
        service_type: "all",
        columns: ["id"],
      };
      const before = ((await call("equipments.list", filter)).equipments as { id: string }[]).map(
        (e) => e.id,
      );
      const first = await call("equipments.list", { ...filter, limit: 2 });
      const seen = (first.equipments as { id: string }[]).map((e) => e.id);
      // An embedded store belongs to one process: stop the server to import, as an operator would.
      await server.close();
      const store = await openStore(t.db.database);
      const added = (id: string, created: number) => plainEquipment(id, "et_fix", created);
      try {
        await importDataset(store, { equipments: [added("e0_early", 1), added("e9_late", 99_999)] });
      } finally {
        await store.close();
      }
      server = await startServer({
        port: 0,
        database: t.db.database,
        rateLimit: { points: 100_000, durationSeconds: 60 },
      });
      url = server.url;
      let cursor = first.response_metadata!.next_cursor;
      while (cursor !== "") {
        const page = await call("equipments.list", { ...filter, cursor });
        seen.push(...(page.equipments as { id: string }[]).map((e) => e.id));
        cursor = page.response_metadata!.next_cursor;
      }
      // Every record that existed is seen once; the one added behind the walk's position is not, the one ahead is.
      expect(seen).toEqual([...before, "e9_late"]);
    });
  });
});
