// The status rules at their exact edges, on both stores: `as_of` and the request's own
// instant `now` equal to `expiringOn` and `expiresOn` and one millisecond before each,
// null dates and no schedules. Each instant checks the status of every schedule and
// equipment, and the `status` filter of equipments.list over the whole list and over
// pages (two statements of their own in the store). The expected statuses are written
// out by hand in support/boundaryDataset.ts.

import { type Status, statusesBySeverity } from "@wsafe/schema";
import { testStores } from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  boundaryEquipments,
  boundaryIds,
  boundaryInstants,
  boundaryToken,
  boundaryType,
  createBoundaryDataset,
  expectedBoundaryRecords,
} from "./support/boundaryDataset.js";
import { callMethod } from "./support/callApi.js";
import { type DatasetServer, startDatasetServer } from "./support/startDatasetServer.js";

/** Every non-empty set of statuses, as a `status` parameter. */
const statusFilters: Status[][] = [];
for (let mask = 1; mask < 1 << statusesBySeverity.length; mask++) {
  statusFilters.push(statusesBySeverity.filter((_, bit) => mask & (1 << bit)));
}

/** The ids the `status` filter must keep at the `index`th instant. */
const idsWith = (index: number, statuses: readonly Status[]) =>
  boundaryIds.filter((id) => statuses.includes(boundaryEquipments[id]!.statuses[index]![0]!));

describe.each(testStores)("status rules at their edges on $name", ({ skip, create }) => {
  describe.skipIf(skip)("equipments.list", () => {
    let t: DatasetServer;
    beforeAll(async () => {
      t = await startDatasetServer(create, [createBoundaryDataset()]);
    });
    afterAll(async () => {
      await t?.stop();
    });

    async function list(params: Record<string, unknown>, httpMethod: "GET" | "POST" = "POST") {
      const answer = await callMethod(t.url, httpMethod, "equipments.list", {
        token: boundaryToken,
        equipmentType_id: boundaryType,
        ...params,
      });
      expect(answer.body.ok, JSON.stringify(answer.body)).toBe(true);
      return answer.body as { equipments: { id: string }[]; response_metadata?: { next_cursor: string } };
    }

    /** The ids of every page of a walk of two records a page. */
    async function walkIds(params: Record<string, unknown>) {
      const ids: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await list({ ...params, columns: ["id"], limit: 2, ...(cursor ? { cursor } : {}) });
        ids.push(...page.equipments.map((e) => e.id));
        cursor = page.response_metadata!.next_cursor;
      } while (cursor !== "");
      return ids;
    }

    /** What both `as_of` and `now` must answer at the `index`th instant. */
    async function expectStatusesAt(index: number, instant: Record<string, unknown>) {
      const columns = ["id", "status", "schedules"];
      for (const httpMethod of ["GET", "POST"] as const) {
        const whole = await list({ ...instant, columns }, httpMethod);
        expect(whole.equipments).toEqual(expectedBoundaryRecords(index));
      }
      const paged = await list({ ...instant, columns, limit: boundaryIds.length });
      expect(paged.equipments).toEqual(expectedBoundaryRecords(index));
      for (const status of statusFilters) {
        const expected = idsWith(index, status);
        const whole = await list({ ...instant, status, columns: ["id"] });
        expect(
          whole.equipments.map((e) => e.id),
          `status ${status}`,
        ).toEqual(expected);
        expect(await walkIds({ ...instant, status }), `pages, status ${status}`).toEqual(expected);
      }
    }

    describe.each(boundaryInstants.map((instant, index) => ({ ...instant, index })))(
      "at $name",
      ({ at, index }) => {
        it("as_of: gives every schedule and equipment its status, and filters on it", async () => {
          await expectStatusesAt(index, { as_of: at });
        });

        describe("now (the request's own instant)", () => {
          afterEach(() => {
            vi.useRealTimers();
          });

          it("gives every schedule and equipment its status, and filters on it", async () => {
            // Only Date is faked: the server runs in this process and takes `now` from
            // Date.now(); its timers, sockets and the database keep real time.
            vi.useFakeTimers({ toFake: ["Date"] });
            vi.setSystemTime(at);
            await expectStatusesAt(index, {});
          });
        });
      },
    );
  });
});
