// The server README's "Adding a write method" holds because of this: every write method of
// the registry is called here through a started server, and every event the store then
// holds was inserted by the event writer (its tally counts what it inserted, the import's
// and the recorder's included), and the events fold to the statuses the store computes: a
// handler that inserts events itself fails the first check, one that changes dates
// without the writer the second. One store (PGlite): the writer's tally is this process's.
import { type EventType, methodNames, methods, type Status } from "@wsafe/schema";
import { testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventWriter } from "../src/events/EventWriter.js";
import type { WriteMethodName } from "../src/methods/WriteHandler.js";
import { storeOf } from "../src/testing.js";
import { callMethod } from "./support/callApi.js";
import { inspectedEquipment, inspectionDataset, inspectionTokens } from "./support/inspectionDataset.js";
import { type DatasetServer, startDatasetServer } from "./support/startDatasetServer.js";

const [pglite] = testStores;
const token = inspectionTokens(0).write;

/** What the calls made so far answered, for the next ones to name. */
interface Made {
  webhookId: string;
  equipmentTypeId: string;
}

/**
 * One successful call of each write method, in the order they run: a write method the
 * registry adds without its call here does not build (and fails below).
 */
const calls = {
  "webhooks.create": () => ({ url: "http://127.0.0.1:9/hook" }),
  "inspections.record": () => ({
    equipment_id: inspectedEquipment(0, 0),
    schedule_id: "sch_monthly",
    result: "passed",
    inspector_id: "u_insp_0",
  }),
  "equipments.create": () => ({
    external_id: "ERP-WRITER",
    equipmentType_id: "et_insp_0",
    serialNumber: "SN-WRITER",
    schedules: [{ schedule_id: "sch_new", expiresOn: null, expiringOn: null, lastCompletedOn: null }],
  }),
  "equipments.update": () => ({ external_id: "ERP-WRITER", notes: "Changed through the writer." }),
  "equipments.retire": () => ({ external_id: "ERP-WRITER" }),
  "webhooks.rotate_secret": (made: Made) => ({ id: made.webhookId }),
  "webhooks.redeliver": (made: Made) => ({ webhook_id: made.webhookId }),
  "webhooks.delete": (made: Made) => ({ id: made.webhookId }),
  "equipmentTypes.create": () => ({
    name: "Hoist",
    metafields: [{ id: "mf_capacity", name: "Capacity (t)" }],
  }),
  "equipmentTypes.update": (made: Made) => ({
    id: made.equipmentTypeId,
    name: "Chain hoist",
    metafields: [],
  }),
  "schedules.set": () => ({
    equipment_id: inspectedEquipment(0, 1),
    schedule_id: "sch_calibration",
    interval: "P6M",
    expiresOn: Date.now() + 86_400_000,
  }),
  "schedules.remove": () => ({ equipment_id: inspectedEquipment(0, 1), schedule_id: "sch_calibration" }),
} as const satisfies Record<WriteMethodName, (made: Made) => object>;

describe.skipIf(!pglite || pglite.skip)("every write method through the event writer", () => {
  let server: DatasetServer;
  let before: number;
  beforeAll(async () => {
    before = EventWriter.inserted;
    server = await startDatasetServer(pglite!.create, [inspectionDataset(1, 2, Date.now())], {
      webhooks: { allowHttp: true, allowPrivate: true, deliver: false },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("has a call for every write method of the registry, each answered ok", async () => {
    const writes = methodNames.filter((name) => methods[name].permission === "write");
    expect(Object.keys(calls).sort()).toEqual([...writes].sort());
    const made: Made = { webhookId: "", equipmentTypeId: "" };
    let n = 0;
    for (const [method, params] of Object.entries(calls)) {
      const answer = await callMethod(server.url, "POST", method, {
        token,
        idempotency_key: `key-${n++}`,
        ...params(made),
      });
      expect(answer.body.ok, `${method}: ${answer.text}`).toBe(true);
      if (method === "webhooks.create") made.webhookId = answer.body.webhook.id;
      if (method === "equipmentTypes.create") made.equipmentTypeId = answer.body.equipmentType.id;
    }
  });

  it("finds every event of the store inserted by the writer, the inspection's among them", async () => {
    const sql = storeOf(server.server).sql;
    const [row] = await sql.query<{ all: string; inspection: string }>(
      "SELECT count(*)::text AS all, count(*) FILTER (WHERE cause = 'inspection')::text AS inspection FROM events",
    );
    expect(Number(row?.inspection)).toBeGreaterThan(0);
    expect(EventWriter.inserted - before).toBe(Number(row?.all));
  });

  it("finds the last event of each schedule and equipment saying the status the store computes now", async () => {
    const sql = storeOf(server.server).sql;
    const last = await sql.query<{
      type: EventType;
      equipment_id: string;
      schedule_id: string | null;
      to_status: Status | null;
    }>(
      // The status events: a record event (equipment.*, equipmentType.*) says no status.
      `SELECT DISTINCT ON (equipment_id, schedule_id) type, equipment_id, schedule_id, to_status
         FROM events WHERE type IN ('schedule.status_changed', 'equipment.status_changed')
        ORDER BY equipment_id, schedule_id, sequence DESC`,
    );
    // A last transition to null is a schedule (or equipment) that left: nothing to hold.
    const folded = Object.fromEntries(
      last
        .filter((e) => e.to_status !== null)
        .map((e) => [`${e.equipment_id}/${e.schedule_id ?? "-"}`, e.to_status]),
    );
    const listed = await callMethod(server.url, "POST", "equipments.list", {
      token: inspectionTokens(0).read,
      equipmentType_id: "et_insp_0",
    });
    const now: Record<string, Status> = {};
    for (const equipment of listed.body.equipments as {
      id: string;
      status: Status;
      schedules: { schedule_id: string; status: Status }[];
    }[]) {
      now[`${equipment.id}/-`] = equipment.status;
      for (const schedule of equipment.schedules)
        now[`${equipment.id}/${schedule.schedule_id}`] = schedule.status;
    }
    expect(Object.keys(now).length).toBeGreaterThan(2);
    expect(folded).toEqual(now);
  });
});
