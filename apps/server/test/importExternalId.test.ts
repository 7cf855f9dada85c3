import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DatasetInput } from "@wsafe/schema";
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importCheckedDataset, importDataset } from "../src/import/importDataset.js";
import { checkDatasetFile } from "../src/store/dataset/checkDatasetFile.js";
import { DatasetError } from "../src/store/dataset/DatasetError.js";
import { openStore } from "../src/store/openStore.js";
import type { Store } from "../src/store/Store.js";

// `external_id` in the dataset: the asset system's own key, written by the import,
// unique per account in the file and against the store (as `equipments.create` refuses a
// taken key), and kept when a file leaves it out: an operator's old file must not wipe
// the keys the asset system gave through the API.

const account = (id: string) => ({ id, name: id, active: true });
const type = (id: string, accountId: string) => ({
  id,
  account_id: accountId,
  name: "Ladder",
  metafields: [],
});
const equipment = (id: string, typeId: string, external_id?: string) => ({
  id,
  ...(external_id === undefined ? {} : { external_id }),
  serialNumber: `SN-${id}`,
  equipmentType_id: typeId,
  created: 1_700_000_000_000,
  parent_id: "",
  fieldOffice_id: [],
  lineOfBusiness_id: "",
  assignedUsers_id: [],
  notes: "",
  isInService: true,
  metavalues: {},
  schedules: [],
});

describe.each(testStores)("external_id through an import on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let store: Store;
  let dir: string;
  /** Every equipment's key, by id (`null`: none). */
  const keys = async () =>
    Object.fromEntries(
      (
        await store.sql.query<{ id: string; external_id: string | null }>(
          "SELECT id, external_id FROM equipments ORDER BY id",
        )
      ).map((row) => [row.id, row.external_id]),
    );
  const versions = async () =>
    Object.fromEntries(
      (await store.sql.query<{ id: string; version: number }>("SELECT id, version FROM equipments")).map(
        (row) => [row.id, row.version],
      ),
    );
  const refusal = async (dataset: DatasetInput) => {
    const before = await keys();
    const error = await importDataset(store, dataset).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect(await keys()).toEqual(before);
    return (error as DatasetError).issues;
  };

  beforeAll(async () => {
    if (skip) return;
    dir = await mkdtemp(join(tmpdir(), "wsafe-external-id-"));
    db = await create();
    store = await openStore(db.database);
    await importDataset(store, {
      accounts: [account("acc_x"), account("acc_y")],
      equipmentTypes: [type("et_x", "acc_x"), type("et_y", "acc_y")],
      equipments: [equipment("eq_x_1", "et_x", "ERP-1"), equipment("eq_x_2", "et_x")],
    });
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(skip)("writes the key a file gives, into an empty store and one in use", async () => {
    await importDataset(store, { equipments: [equipment("eq_x_2", "et_x", "ERP-2")] });
    expect(await keys()).toEqual({ eq_x_1: "ERP-1", eq_x_2: "ERP-2" });
  });

  it.skipIf(skip)(
    "keeps the stored key of an equipment a file names without one, and its version",
    async () => {
      // As the API would have given it: any writer of the row.
      await store.sql.query("UPDATE equipments SET external_id = 'FLEET-9' WHERE id = 'eq_x_2'");
      const before = await versions();
      await importDataset(store, {
        equipments: [equipment("eq_x_1", "et_x"), equipment("eq_x_2", "et_x")],
      });
      expect(await keys()).toEqual({ eq_x_1: "ERP-1", eq_x_2: "FLEET-9" });
      expect(await versions()).toEqual(before);
    },
  );

  it.skipIf(skip)("lets two accounts hold the same key", async () => {
    await importDataset(store, { equipments: [equipment("eq_y_1", "et_y", "ERP-1")] });
    expect((await keys()).eq_y_1).toBe("ERP-1");
  });

  it.skipIf(skip)(
    "refuses a key two equipment of one account give in the file, naming both, and writes nothing",
    async () => {
      const issues = await refusal({
        equipments: [
          equipment("eq_x_3", "et_x", "ERP-3"),
          equipment("eq_y_3", "et_y", "ERP-3"),
          equipment("eq_x_4", "et_x", "ERP-3"),
        ],
      });
      expect(issues).toEqual([
        {
          path: "equipments[2].external_id",
          record: 'equipment "eq_x_4"',
          message:
            'the same `external_id` "ERP-3" as equipments[0] ("eq_x_3"), both of account acc_x; each equipment of an account needs its own key',
        },
      ]);
    },
  );

  it.skipIf(skip)(
    "refuses a key another equipment of the account keeps in the store, naming it",
    async () => {
      const message =
        '`external_id` "ERP-1" is held by equipment "eq_x_1" of account acc_x in the store, which keeps it; give this equipment another key, or give "eq_x_1" another `external_id` in this file (or retire it first)';
      // Not named, and named without a key: either way eq_x_1 keeps ERP-1.
      expect(await refusal({ equipments: [equipment("eq_x_5", "et_x", "ERP-1")] })).toEqual([
        { path: "equipments[0].external_id", record: 'equipment "eq_x_5"', message },
      ]);
      expect(
        await refusal({
          equipments: [equipment("eq_x_1", "et_x"), equipment("eq_x_2", "et_x", "ERP-1")],
        }),
      ).toEqual([{ path: "equipments[1].external_id", record: 'equipment "eq_x_2"', message }]);
    },
  );

  it.skipIf(skip)("passes keys between equipment a file names, and to a new one", async () => {
    const before = await versions();
    await importDataset(store, {
      equipments: [
        equipment("eq_x_new", "et_x", "ERP-1"),
        equipment("eq_x_1", "et_x", "FLEET-9"),
        equipment("eq_x_2", "et_x", "ERP-7"),
      ],
    });
    expect(await keys()).toMatchObject({ eq_x_new: "ERP-1", eq_x_1: "FLEET-9", eq_x_2: "ERP-7" });
    const after = await versions();
    expect([after.eq_x_new, after.eq_x_1, after.eq_x_2]).toEqual([1, before.eq_x_1! + 1, before.eq_x_2! + 1]);
  });

  it.skipIf(skip)("checks the keys of a file read as a stream as those of a document", async () => {
    const file = join(dir, "keys.json");
    writeFileSync(
      file,
      JSON.stringify({
        equipments: [equipment("eq_x_6", "et_x", "ERP-7"), equipment("eq_x_7", "et_x", "ERP-8")],
      }),
    );
    const before = await keys();
    const shape = await checkDatasetFile(file, { chunkBytes: 64, batchSize: 1 });
    const error = await importCheckedDataset(store, shape).catch((caught: unknown) => caught);
    expect((error as DatasetError).issues).toEqual([
      {
        path: "equipments[0].external_id",
        record: 'equipment "eq_x_6"',
        message:
          '`external_id` "ERP-7" is held by equipment "eq_x_2" of account acc_x in the store, which keeps it; give this equipment another key, or give "eq_x_2" another `external_id` in this file (or retire it first)',
      },
    ]);
    expect(await keys()).toEqual(before);
    writeFileSync(file, JSON.stringify({ equipments: [equipment("eq_x_6", "et_x", "ERP-6")] }));
    await importCheckedDataset(store, await checkDatasetFile(file, { chunkBytes: 64, batchSize: 1 }));
    expect((await keys()).eq_x_6).toBe("ERP-6");
  });
});
