// Tenant isolation of every id parameter of inspections.record and inspections.list, on
// both stores (issue 36): account 1 holds an equipment, a schedule only it has, a type, an
// inspector and inspections of them all; account 0 naming any of them is answered as if
// they did not exist (content_not_found for record, writing nothing; nothing of account
// 1 for list), and a cursor of account 1's walk is no cursor for account 0.
import { plainEquipment, type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { storeOf } from "../src/testing.js";
import { callMethod } from "./support/callApi.js";
import { expectFailure } from "./support/expectFailure.js";
import { inspectedEquipment, inspectionSchedules, inspectionTokens } from "./support/inspectionDataset.js";
import { type InspectionServer, startInspectionServer } from "./support/inspectionServer.js";

const day = 86_400_000;
const [own, other] = [inspectionTokens(0), inspectionTokens(1)];
const { monthly } = inspectionSchedules;
/** A schedule id only account 1's equipment has. */
const theirSchedule = "sch_only_theirs";
const theirEquipment = inspectedEquipment(1, 0);

describe.each(testStores)("inspections' ids of another account on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: InspectionServer;
  let mine: string;
  const theirIds: string[] = [];
  let theirCursor = "";

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startInspectionServer(db);
    mine = t.freshEquipment();
    await importDataset(storeOf(t.server), {
      equipments: [
        plainEquipment(theirEquipment, "et_insp_1", 1, {
          serialNumber: "SN-1-0",
          metavalues: {},
          schedules: [
            {
              schedule_id: theirSchedule,
              lastCompletedOn: null,
              expiringOn: null,
              expiresOn: null,
              interval: "P1M",
            },
          ],
        }),
      ],
    });
    // Account 1's own inspections of everything account 0 is about to name.
    for (const [offset, inspector] of [
      [2, "u_insp_1"],
      [1, "u_insp_1b"],
    ] as const) {
      const answer = await callMethod(t.server.url, "POST", "inspections.record", {
        token: other.write,
        equipment_id: theirEquipment,
        schedule_id: theirSchedule,
        result: "passed",
        inspector_id: inspector,
        performed_at: t.now - offset * day,
      });
      expect(answer.body.ok, answer.text).toBe(true);
      theirIds.push(answer.body.inspection.id);
    }
    const page = await callMethod(t.server.url, "POST", "inspections.list", { token: other.read, limit: 1 });
    theirCursor = page.body.response_metadata.next_cursor;
    expect(theirCursor).not.toBe("");
    // One of account 0's own, so an empty answer below is a filter's, not an empty store's.
    expect((await t.record(mine)).body.ok).toBe(true);
  }, 90_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  describe("inspections.record: content_not_found, nothing written", () => {
    const cases: [string, () => object, string | (() => string)][] = [
      [
        "equipment_id of another account (with a schedule it has)",
        () => ({ equipment_id: theirEquipment, schedule_id: theirSchedule }),
        `schedule not found: ${theirSchedule} of equipment ${theirEquipment}`,
      ],
      [
        "schedule_id only another account's equipment has",
        () => ({ equipment_id: mine, schedule_id: theirSchedule }),
        // `mine` is known once the server runs: the description is read then.
        () => `schedule not found: ${theirSchedule} of equipment ${mine}`,
      ],
      [
        "inspector_id of another account",
        () => ({ equipment_id: mine, inspector_id: "u_insp_1" }),
        "inspector not found: u_insp_1",
      ],
    ];
    it.skipIf(skip).each(cases)("%s", async (_title, params, description) => {
      const before = await t.written();
      for (const httpMethod of ["POST", "GET"] as const) {
        const answer = await callMethod(t.server.url, httpMethod, "inspections.record", {
          token: own.write,
          schedule_id: monthly,
          result: "passed",
          inspector_id: "u_insp_0",
          idempotency_key: `isolation-${httpMethod}`,
          ...params(),
        });
        expectFailure(
          answer,
          "content_not_found",
          typeof description === "function" ? description() : description,
        );
      }
      expect(await t.written()).toEqual(before);
    });
  });

  describe("inspections.list: nothing of another account", () => {
    const list = (params: object) =>
      callMethod(t.server.url, "POST", "inspections.list", { token: own.read, ...params });
    const cases: [string, () => object, string][] = [
      ["equipment_id of another account", () => ({ equipment_id: theirEquipment }), theirEquipment],
      [
        "equipment_id and schedule_id of another account",
        () => ({ equipment_id: theirEquipment, schedule_id: theirSchedule }),
        theirEquipment,
      ],
      ["equipmentType_id of another account", () => ({ equipmentType_id: "et_insp_1" }), "et_insp_1"],
      ["inspector_id of another account", () => ({ inspector_id: "u_insp_1" }), "u_insp_1"],
    ];
    it.skipIf(skip).each(cases)("%s: content_not_found", async (_title, params, named) => {
      const answer = await list(params());
      expectFailure(answer, "content_not_found", new RegExp(` not found: ${named}$`));
    });

    it.skipIf(skip)("schedule_id only another account has, on an own equipment: an empty page", async () => {
      const answer = await list({ equipment_id: mine, schedule_id: theirSchedule });
      expect(answer.body).toEqual({ ok: true, inspections: [], response_metadata: { next_cursor: "" } });
    });

    it.skipIf(skip)("the whole list holds none of another account's inspections", async () => {
      const answer = await list({ limit: 1000 });
      const ids = answer.body.inspections.map((inspection: { id: string }) => inspection.id);
      expect(ids).toHaveLength(1);
      expect(ids.filter((id: string) => theirIds.includes(id))).toEqual([]);
    });

    it.skipIf(skip)("a cursor of another account's walk: parameter_invalid, over POST and GET", async () => {
      for (const httpMethod of ["POST", "GET"] as const)
        expectFailure(
          await callMethod(t.server.url, httpMethod, "inspections.list", {
            token: own.read,
            cursor: theirCursor,
          }),
          "parameter_invalid",
          "invalid parameter: cursor: not a cursor of this walk",
        );
    });
  });
});
