/**
 * `mirrorEquipments` against the real server of `@wsafe/server` with a cut of the demo
 * dataset: a copy built from `equipments.changes` holds exactly what `equipments.list`
 * over every type with `service_type: "all"` returns, first from the beginning, then after
 * writes through the client (a create under an external_id, an update by that key with
 * `if_version`, a schedule added, a retirement), each reported once, the retired one
 * removed.
 */
import type { Equipment } from "@wsafe/schema";
import {
  createPgliteDatabase,
  type InProcessServer,
  loadServer,
  type ScratchDatabase,
  type ServerModule,
  seedDatabase,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../src/createClient.js";
import { type MirrorChange, mirrorEquipments } from "../src/mirror/mirrorEquipments.js";
import { validateResponse } from "../src/validate.js";

const { server } = await loadServer("@wsafe/client: the mirror against the real server");
const tokens = (server?.demoTokens ?? {}) as ServerModule["demoTokens"];

describe.skipIf(!server)("mirrorEquipments against the real server", () => {
  let demo: InProcessServer;
  let database: ScratchDatabase;
  beforeAll(async () => {
    const { createDemoDataset } = server as unknown as { createDemoDataset(options: object): unknown };
    database = await createPgliteDatabase("client-mirror");
    await seedDatabase(server!, database.database, createDemoDataset({ equipmentCount: 20 }));
    demo = await server!.startServer({
      port: 0,
      database: database.database,
      http: true,
      webhooks: { deliver: false },
    });
  }, 60_000);
  afterAll(async () => {
    await demo?.close();
    await database?.drop();
  });

  const client = (token: string) =>
    createClient({ baseUrl: demo.url, token, validateResponses: validateResponse, retries: false });

  /** Every equipment of every type, in and out of service: what the copy must hold. */
  async function listed(): Promise<Map<string, Equipment>> {
    const reader = client(tokens.read);
    const all = new Map<string, Equipment>();
    for (const type of await reader.paginate("equipmentTypes.list").all())
      for (const equipment of await reader
        .paginate("equipments.list", { equipmentType_id: type.id, service_type: "all" })
        .all())
        all.set(equipment.id, equipment);
    return all;
  }

  const sorted = (register: Map<string, Equipment>) =>
    [...register.entries()].sort(([a], [b]) => a.localeCompare(b));

  it("holds what the lists hold, from the beginning and after each kind of write", async () => {
    const reader = client(tokens.read);
    const first = await mirrorEquipments(reader, { limit: 7 });
    expect(first.restarted).toBe(false);
    expect(first.register.size).toBeGreaterThan(7);
    expect(sorted(first.register)).toEqual(sorted(await listed()));

    // Nothing changed: nothing reported, the cursor still good.
    const idle = await mirrorEquipments(reader, { register: first.register, cursor: first.cursor });
    expect(idle.changes).toBe(0);

    const writer = client(tokens.write);
    const [retiring] = [...first.register.keys()];
    const { equipment: made } = await writer.equipments.create({
      external_id: "CLIENT-MIRROR-1",
      equipmentType_id: "et_harness",
      serialNumber: "HN-MIRROR-1",
    });
    const { equipment: moved } = await writer.equipments.update({
      external_id: "CLIENT-MIRROR-1",
      if_version: made.version,
      notes: "Moved by the mirror test.",
    });
    expect(moved.version).toBe(made.version + 1);
    await writer.schedules.set({ equipment_id: made.id, schedule_id: "sch_annual", interval: "P1Y" });
    await writer.equipments.retire({ id: retiring! });

    const seen: MirrorChange[] = [];
    const next = await mirrorEquipments(reader, {
      register: first.register,
      cursor: idle.cursor,
      onChange: (change) => {
        seen.push(change);
      },
    });
    // Each id once, as it is now: the new harness with its schedule, the retired one null.
    expect(seen.map((change) => change.id).sort()).toEqual([made.id, retiring].sort());
    expect(seen.find((change) => change.id === retiring)).toMatchObject({ equipment: null });
    const now = seen.find((change) => change.id === made.id);
    expect(now?.previous).toBeUndefined();
    expect(now?.equipment).toMatchObject({
      external_id: "CLIENT-MIRROR-1",
      notes: "Moved by the mirror test.",
      version: made.version + 2,
      schedules: [expect.objectContaining({ schedule_id: "sch_annual", interval: "P1Y" })],
    });
    expect(next.register.has(retiring!)).toBe(false);
    expect(sorted(next.register)).toEqual(sorted(await listed()));
    expect(next.cursor).not.toBe(idle.cursor);
  }, 60_000);
});
