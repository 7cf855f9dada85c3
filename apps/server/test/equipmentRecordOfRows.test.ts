// The answer of inspections.record builds its equipment record in JavaScript from the
// rows the recording read (issue 38), where equipments.list builds it in SQL: on random
// datasets (ids in every byte order, null dates, no schedules, absent titles, clients,
// intervals and warnings, metavalues of every kind) and at instants on and one
// millisecond around each stored date, the two records must be the same text, on both
// stores.
import { testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import { type InspectedEquipment, inspectedEquipmentSql } from "../src/inspections/inspectedEquipment.js";
import { openStore } from "../src/store/openStore.js";
import { equipmentQuery } from "../src/store/queries/equipmentQuery.js";
import { equipmentRecordOfRows } from "../src/store/queries/equipmentRecordOfRows.js";
import { sqlParameters } from "../src/store/queries/sqlParameters.js";
import type { Store } from "../src/store/Store.js";
import { randomStamps, sampleRandomAccounts } from "./support/randomDatasets.js";
import { testSeed } from "./support/testSeed.js";

const accounts = sampleRandomAccounts(4, testSeed);
const instants = randomStamps.flatMap((at) => [at - 1, at, at + 1]);

describe.each(testStores)("an equipment record built from its rows on $name", ({ skip, create }) => {
  let db: Awaited<ReturnType<typeof create>>;
  let store: Store;

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    store = await openStore(db.database);
    for (const account of accounts) await importDataset(store, account.dataset);
  }, 120_000);
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  it.skipIf(skip)(`is equipments.list's record, text for text (seed ${testSeed})`, async () => {
    let compared = 0;
    for (const account of accounts)
      for (const equipment of account.dataset.equipments ?? []) {
        const { params, param } = sqlParameters();
        const text = inspectedEquipmentSql(param, account.accountId, {
          equipment_id: equipment.id,
          schedule_id: "",
          inspector_id: account.userId,
        });
        const [row] = await store.sql.query<InspectedEquipment>(text, params);
        expect(row, `${equipment.id} (seed ${testSeed})`).toBeDefined();
        expect(row!.inspector_known).toBe(true);
        for (const at of instants) {
          const query = equipmentQuery(equipment.id, at);
          const [listed] = await store.sql.query<{ json: string }>(query.text, query.params);
          expect(
            JSON.stringify(equipmentRecordOfRows(row!, row!.schedules, at)),
            `${equipment.id} at ${at}`,
          ).toBe(JSON.stringify(JSON.parse(listed!.json)));
          compared++;
        }
      }
    expect(compared).toBeGreaterThan(0);
  });
});
