// The events an inspection causes, on both stores, through every way out: events.list
// (cause `inspection`, its inspection_id, at the instant it was recorded), a webhook
// endpoint on 127.0.0.1 (a delivery verified by the `standardwebhooks` npm package), and
// events.stream through a real @trpc/client. A late entry causes none.
import type { Event } from "@wsafe/schema";
import { eventually, type ScratchDatabase, seedDatabase, testStores } from "@wsafe/test-support";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { callMethod } from "./support/callApi.js";
import {
  inspectedEquipment,
  inspectionDataset,
  inspectionSchedules,
  inspectionTokens,
} from "./support/inspectionDataset.js";
import { closeReceivers, localReceiver, type Received } from "./support/localReceiver.js";
import { followWithTrpc } from "./support/streamClients.js";

const own = inspectionTokens(0);

describe.each(testStores)("the events of inspections on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer;
  let next = 0;
  const post = async (method: string, data: object) =>
    (await callMethod(server.url, "POST", method, data)).body;
  const record = (more: object) =>
    post("inspections.record", {
      token: own.write,
      equipment_id: inspectedEquipment(0, next++),
      schedule_id: inspectionSchedules.monthly,
      result: "passed",
      inspector_id: "u_insp_0",
      ...more,
    });

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    await seedDatabase({ openStore, importDataset }, db.database, inspectionDataset(2, 10, Date.now()));
    server = await startServer({
      port: 0,
      database: db.database,
      logger: false,
      webhooks: { allowHttp: true, allowPrivate: true, retryScheduleMs: [0, 100] },
    });
  }, 60_000);
  afterEach(() => closeReceivers());
  afterAll(async () => {
    await server?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "lists them in events.list: cause inspection, its id, at the instant it was recorded",
    async () => {
      const equipment = inspectedEquipment(0, next++);
      const inspect = (schedule_id: string, more: object = {}) =>
        post("inspections.record", {
          token: own.write,
          equipment_id: equipment,
          schedule_id,
          result: "passed",
          inspector_id: "u_insp_0",
          ...more,
        });
      // The monthly schedule renews; the equipment stays expired (its plain schedule was never done)...
      const monthly = (await inspect(inspectionSchedules.monthly)).inspection;
      // ...until the plain one is done too: then the equipment is up to date.
      const plain = (await inspect(inspectionSchedules.plain, { expiresOn: Date.now() + 86_400_000 }))
        .inspection;
      const { events } = await post("events.list", {
        token: own.read,
        from: monthly.recorded_at,
        limit: 1000,
      });
      const ofThem = (events as Event[]).filter((event) => event.equipment_id === equipment);
      // One instant's events are listed by id: compared as a set.
      const rows = (list: unknown[][]) => list.map((row) => JSON.stringify(row)).sort();
      expect(
        rows(
          ofThem.map((event) => [
            event.inspection_id,
            event.type,
            event.schedule_id ?? null,
            event.from,
            event.to,
          ]),
        ),
      ).toEqual(
        rows([
          [monthly.id, "schedule.status_changed", inspectionSchedules.monthly, "expired", "uptodate"],
          [plain.id, "schedule.status_changed", inspectionSchedules.plain, "expired", "uptodate"],
          [plain.id, "equipment.status_changed", null, "expired", "uptodate"],
        ]),
      );
      for (const event of ofThem) {
        const inspection = event.inspection_id === monthly.id ? monthly : plain;
        expect(event).toMatchObject({
          cause: "inspection",
          occurred_at: inspection.recorded_at,
          expected: false,
        });
        expect(event.sequence).toEqual(expect.any(Number));
      }
    },
  );

  it.skipIf(skip)(
    "records equipment.updated for the version new dates make, with the schedules as they were; a late entry neither",
    async () => {
      const equipment = inspectedEquipment(0, next++);
      const inspect = (more: object = {}) =>
        post("inspections.record", {
          token: own.write,
          equipment_id: equipment,
          schedule_id: inspectionSchedules.monthly,
          result: "passed",
          inspector_id: "u_insp_0",
          ...more,
        });
      const updates = async (from: number) =>
        (
          (await post("events.list", { token: own.read, from, types: ["equipment.updated"], limit: 1000 }))
            .events as Event[]
        ).filter((event) => event.equipment_id === equipment);
      const before = (
        await post("equipments.list", {
          token: own.read,
          equipmentType_id: "et_insp_0",
          service_type: "all",
          limit: 1000,
        })
      ).equipments.find((found: { id: string }) => found.id === equipment);
      const renewed = await inspect();
      expect(renewed.ok, JSON.stringify(renewed)).toBe(true);
      expect(renewed.equipment.version).toBe(before.version + 1);
      const [event, ...more] = await updates(renewed.inspection.recorded_at);
      expect(more).toEqual([]);
      expect(event).toMatchObject({
        cause: "inspection",
        inspection_id: renewed.inspection.id,
        occurred_at: renewed.inspection.recorded_at,
        equipment: renewed.equipment,
        previous_attributes: { schedules: before.schedules },
      });
      // Performed before the last one: the schedule keeps its dates, the version stays.
      const late = await inspect({ performed_at: renewed.inspection.performed_at - 60_000 });
      expect(late).toMatchObject({
        ok: true,
        late_entry: true,
        equipment: { version: renewed.equipment.version },
      });
      expect(await updates(late.inspection.recorded_at)).toEqual(
        late.inspection.recorded_at === renewed.inspection.recorded_at ? [event] : [],
      );
    },
  );

  it.skipIf(skip)("delivers them to a webhook endpoint, signed, with the inspection's id", async () => {
    const receiver = await localReceiver((_req, res) => res.writeHead(204).end());
    const made = await post("webhooks.create", {
      token: own.write,
      url: receiver.url,
      types: ["schedule.status_changed"],
    });
    expect(made.ok, JSON.stringify(made)).toBe(true);
    const answer = await record({});
    await eventually(() => receiver.received.length === 1, "the delivery of the schedule's event");
    const [delivery] = receiver.received as [Received];
    const verified = new Webhook(made.secret).verify(
      delivery.body,
      delivery.headers as Record<string, string>,
    ) as {
      type: string;
      data: Event;
    };
    expect(verified.type).toBe("schedule.status_changed");
    expect(verified.data).toMatchObject({
      cause: "inspection",
      inspection_id: answer.inspection.id,
      schedule_id: inspectionSchedules.monthly,
      equipment_id: answer.inspection.equipment_id,
      from: "expired",
      to: "uptodate",
    });
    await post("webhooks.delete", { token: own.write, id: made.webhook.id });
  });

  it.skipIf(skip)("streams them through events.stream, and a late entry streams nothing", async () => {
    // From an instant before the recordings: the stream replays what was recorded since,
    // then goes on live, so it misses nothing however soon it opens.
    const from = Date.now() - 1;
    const late = await record({ performed_at: Date.now() - 365 * 86_400_000 });
    expect(late.late_entry).toBe(true);
    const answer = await record({});
    const reading = followWithTrpc(server.url, { token: own.read, from, types: ["schedule.status_changed"] });
    try {
      await eventually(
        () => reading.events.some((event) => event.inspection_id === answer.inspection.id),
        "the inspection's event on the stream",
      );
      expect(reading.error).toBeUndefined();
      const ofInspections = reading.events.filter(
        (event) => event.cause === "inspection" && event.occurred_at >= from,
      );
      expect(ofInspections.map((event) => event.inspection_id)).not.toContain(late.inspection.id);
      expect(ofInspections.find((event) => event.inspection_id === answer.inspection.id)).toMatchObject({
        from: "expired",
        to: "uptodate",
        expected: false,
        equipment_id: answer.inspection.equipment_id,
      });
    } finally {
      reading.close();
    }
  });
});
