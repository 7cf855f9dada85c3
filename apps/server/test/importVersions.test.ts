import type { DatasetInput } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";

// An import is the bulk form of the register's writes: an equipment's `version` and its
// place in `equipments.changes` (`change_seq`, both kept by migration 0015's triggers)
// move only when the import changes what is stored. An operator re-importing the same
// file every night must not make every equipment a new version, nor send every one
// down every mirror's feed again.

const far = 4_102_444_800_000; // 2100-01-01: no status changes with time while the suite runs
const schedule = (id: string, expiresOn = far) => ({
  schedule_id: id,
  expiresOn,
  expiringOn: expiresOn - 86_400_000,
  lastCompletedOn: 1_700_000_000_000,
  interval: "P1Y",
});
const equipment = (n: number) => ({
  id: `eq_v_${n}`,
  serialNumber: `SN-${n}`,
  equipmentType_id: "et_v",
  created: 1_700_000_000_000 + n,
  parent_id: "",
  fieldOffice_id: ["fo_1"],
  lineOfBusiness_id: "",
  assignedUsers_id: [],
  notes: `notes ${n}`,
  isInService: true,
  metavalues: { mf_brand: `brand ${n}` },
  schedules: [schedule("s_a"), schedule("s_b")],
});
const file = (equipments: DatasetInput["equipments"]): DatasetInput => ({
  accounts: [{ id: "acc_v", name: "Versions Ltd", active: true }],
  equipmentTypes: [
    { id: "et_v", account_id: "acc_v", name: "Hoist", metafields: [{ id: "mf_brand", name: "Brand" }] },
  ],
  equipments,
});

describe.each(testStores)("versions through an import on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  /** The equipment as the store holds them: each test changes some from there. */
  const current = [0, 1, 2].map(equipment);
  /** Each equipment's version and place in the feed, by id. */
  const places = async () =>
    Object.fromEntries(
      (
        await store.sql.query<{ id: string; version: number; change_seq: string }>(
          "SELECT id, version, change_seq::text AS change_seq FROM equipments ORDER BY id",
        )
      ).map((row) => [row.id, { version: row.version, seq: row.change_seq }]),
    );
  const schedules = async () =>
    (
      await store.sql.query<{ row: string }>(
        `SELECT equipment_id || ' ' || schedule_id || ' ' || coalesce(expires_on::text, '-') AS row
           FROM schedules ORDER BY 1`,
      )
    ).map(({ row }) => row);

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    await importDataset(store, file(current));
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip)("changes no version and no place in the feed when the same file comes again", async () => {
    const before = await places();
    expect(Object.values(before).map((place) => place.version)).toEqual([1, 1, 1]);
    await importDataset(store, file(current));
    await importDataset(store, file(current));
    expect(await places()).toEqual(before);
  });

  it.skipIf(skip)(
    "makes a new version of the one equipment whose notes changed, and of no other",
    async () => {
      const before = await places();
      current[1] = { ...current[1]!, notes: "rope frayed" };
      await importDataset(store, file(current));
      const after = await places();
      expect(after.eq_v_1!.version).toBe(before.eq_v_1!.version + 1);
      expect(after.eq_v_1!.seq).not.toBe(before.eq_v_1!.seq);
      expect({ ...after, eq_v_1: undefined }).toEqual({ ...before, eq_v_1: undefined });
    },
  );

  it.skipIf(skip)("makes one new version of an equipment whose schedules changed, however many", async () => {
    const before = await places();
    // One schedule re-dated, one added: one version more, as one write of the register.
    current[2] = { ...current[2]!, schedules: [schedule("s_a", far - 1), schedule("s_b"), schedule("s_c")] };
    await importDataset(store, file(current));
    const after = await places();
    expect(after.eq_v_2!.version).toBe(before.eq_v_2!.version + 1);
    expect(after.eq_v_2!.seq).not.toBe(before.eq_v_2!.seq);
    expect({ ...after, eq_v_2: undefined }).toEqual({ ...before, eq_v_2: undefined });
    expect((await schedules()).filter((row) => row.startsWith("eq_v_2 "))).toEqual([
      `eq_v_2 s_a ${far - 1}`,
      `eq_v_2 s_b ${far}`,
      `eq_v_2 s_c ${far}`,
    ]);
  });

  it.skipIf(skip)("makes a new version of an equipment named with a schedule fewer, which goes", async () => {
    const before = await places();
    current[0] = { ...current[0]!, schedules: [schedule("s_b")] };
    await importDataset(store, file(current));
    const after = await places();
    expect(after.eq_v_0!.version).toBe(before.eq_v_0!.version + 1);
    expect({ ...after, eq_v_0: undefined }).toEqual({ ...before, eq_v_0: undefined });
    expect((await schedules()).filter((row) => row.startsWith("eq_v_0 "))).toEqual([`eq_v_0 s_b ${far}`]);
  });

  it.skipIf(skip)(
    "leaves equipment a file does not name as they are, and adds a new one at version 1",
    async () => {
      const before = await places();
      await importDataset(store, { equipments: [equipment(3)] });
      expect(await places()).toEqual({ ...before, eq_v_3: { version: 1, seq: expect.any(String) } });
    },
  );
});
