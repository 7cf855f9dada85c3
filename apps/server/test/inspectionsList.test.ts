// inspections.list over real HTTPS, on both stores: the account's inspections ordered by
// performed_at then id, each filter (a schedule's history surviving an import that
// removes the schedule; the type the equipment had when inspected), pages walked with
// cursors bound to their filters, and every refusal: another account's ids, a schedule
// without its equipment, a window backwards.
import { methods } from "@wsafe/schema";
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
const { monthly, yearly } = inspectionSchedules;

describe.each(testStores)("inspections.list on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: InspectionServer;
  // biome-ignore lint/suspicious/noExplicitAny: inspection records as answered
  const recorded: any[] = [];
  const [a, b] = [inspectedEquipment(0, 0), inspectedEquipment(0, 1)];

  const list = async (params: object, token = own.read) =>
    callMethod(t.server.url, "POST", "inspections.list", { token, ...params });
  const idsOf = (inspections: { id: string }[]) => inspections.map((inspection) => inspection.id);

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startInspectionServer(db);
    const at = t.now - 50 * day;
    const plans: [string, string, string, number][] = [
      [a, monthly, "u_insp_0", at],
      [a, yearly, "u_insp_0b", at + day],
      [b, monthly, "u_insp_0", at + day],
      [b, monthly, "u_insp_0b", at + 2 * day],
      [a, monthly, "u_insp_0b", at + 3 * day],
    ];
    for (const [equipment, schedule, inspector, performedAt] of plans) {
      const answer = await t.record(equipment, {
        schedule_id: schedule,
        inspector_id: inspector,
        performed_at: performedAt,
      });
      expect(answer.body.ok, answer.text).toBe(true);
      recorded.push(answer.body.inspection);
    }
    // Account 1 has one of its own.
    await callMethod(t.server.url, "POST", "inspections.record", {
      token: other.write,
      equipment_id: inspectedEquipment(1, 0),
      schedule_id: monthly,
      result: "passed",
      inspector_id: "u_insp_1",
    });
    // Then an import moves b to the second type and drops its monthly schedule.
    await importDataset(storeOf(t.server), {
      equipments: [
        plainEquipment(b, "et_insp_0b", 2, { serialNumber: "SN-0-1", metavalues: {}, schedules: [] }),
      ],
    });
  }, 90_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  const byPerformedAt = () =>
    [...recorded].sort((x, y) => x.performed_at - y.performed_at || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

  it.skipIf(skip)(
    "lists the account's inspections by performed_at, then id, as they were recorded",
    async () => {
      const answer = await list({});
      expect(answer.body.ok, answer.text).toBe(true);
      expect(methods["inspections.list"].result.parse(answer.body)).toEqual(answer.body);
      expect(answer.body).toEqual({
        ok: true,
        inspections: byPerformedAt(),
        response_metadata: { next_cursor: "" },
      });
      const theirs = await list({}, other.read);
      expect(theirs.body.inspections.map((i: { equipment_id: string }) => i.equipment_id)).toEqual([
        inspectedEquipment(1, 0),
      ]);
    },
  );

  it.skipIf(skip)("filters by equipment, schedule, type when inspected, inspector and window", async () => {
    const expectIds = async (params: object, keep: (inspection: (typeof recorded)[number]) => boolean) =>
      expect(idsOf((await list(params)).body.inspections)).toEqual(idsOf(byPerformedAt().filter(keep)));
    await expectIds({ equipment_id: a }, (i) => i.equipment_id === a);
    await expectIds(
      { equipment_id: a, schedule_id: monthly },
      (i) => i.equipment_id === a && i.schedule_id === monthly,
    );
    // b's monthly schedule is gone; its history stays.
    await expectIds({ equipment_id: b, schedule_id: monthly }, (i) => i.equipment_id === b);
    // b is a ladder now; it was a harness when inspected.
    await expectIds({ equipmentType_id: "et_insp_0" }, () => true);
    await expectIds({ equipmentType_id: "et_insp_0b" }, () => false);
    await expectIds({ inspector_id: "u_insp_0b" }, (i) => i.inspector_id === "u_insp_0b");
    const [from, to] = [recorded[1].performed_at, recorded[3].performed_at];
    await expectIds({ from, to }, (i) => i.performed_at >= from && i.performed_at <= to);
    await expectIds({ from, to: from }, (i) => i.performed_at === from);
  });

  it.skipIf(skip)("walks the list in pages whose cursors keep their filters", async () => {
    const walked: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list({ limit: 2, inspector_id: "u_insp_0b", ...(cursor ? { cursor } : {}) });
      expect(page.body.ok, page.text).toBe(true);
      expect(page.body.inspections.length).toBeLessThanOrEqual(2);
      walked.push(...idsOf(page.body.inspections));
      cursor = page.body.response_metadata.next_cursor;
      pages++;
    } while (cursor);
    expect(walked).toEqual(idsOf(byPerformedAt().filter((i) => i.inspector_id === "u_insp_0b")));
    expect(pages).toBe(2);
    const first = await list({ limit: 1 });
    const next = first.body.response_metadata.next_cursor;
    expectFailure(
      await list({ cursor: next, equipment_id: a }),
      "parameter_invalid",
      "invalid parameter: cursor: not a cursor of this walk",
    );
    expectFailure(await list({ cursor: next }, other.read), "parameter_invalid");
    expect((await list({ cursor: next })).body.inspections).toHaveLength(1);
  });

  describe("refusals", () => {
    const cases: [string, object, string, string][] = [
      [
        "another account's equipment",
        { equipment_id: inspectedEquipment(1, 0) },
        "content_not_found",
        "equipment not found: eq_insp_1_0",
      ],
      [
        "an unknown equipment",
        { equipment_id: "eq_nope" },
        "content_not_found",
        "equipment not found: eq_nope",
      ],
      [
        "another account's type",
        { equipmentType_id: "et_insp_1" },
        "content_not_found",
        "equipment type not found: et_insp_1",
      ],
      [
        "another account's inspector",
        { inspector_id: "u_insp_1" },
        "content_not_found",
        "inspector not found: u_insp_1",
      ],
      [
        "a schedule without its equipment",
        { schedule_id: monthly },
        "parameter_invalid",
        "invalid parameter: schedule_id: names a schedule of one equipment, so it needs equipment_id beside it",
      ],
      [
        "a window that ends before it starts",
        { from: 2 * day, to: day },
        "parameter_invalid",
        "invalid parameter: to: 1970-01-02T00:00:00.000Z (86400000) is before from, 1970-01-03T00:00:00.000Z (172800000)",
      ],
      [
        "a result filter, which it has not",
        { result: "failed" },
        "parameter_unexpected",
        "unexpected parameter: result",
      ],
    ];
    it.skipIf(skip).each(cases)("%s", async (_title, params, error, description) => {
      for (const httpMethod of ["POST", "GET"] as const)
        expectFailure(
          await callMethod(t.server.url, httpMethod, "inspections.list", { token: own.read, ...params }),
          error,
          description,
        );
    });
  });
});
