// The store's side of a streamed equipments.list: chunks that add up to the whole
// list, and a read that frees its cursor, transaction and connection however it ends.
import { type EquipmentField, equipmentFields } from "@wsafe/schema";
import { testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactJson } from "../src/json/compactJson.js";
import { compactJsonElements } from "../src/json/compactJsonElements.js";
import { openStore } from "../src/store/openStore.js";
import type { ListEquipmentsInput } from "../src/store/queries/listEquipmentsQuery.js";
import { equipmentsChunkSize, type Store } from "../src/store/Store.js";
import { moreThanThePool, streamTypes, useStreamDatabase } from "./support/streamDatabase.js";

async function readAll(store: Store, input: ListEquipmentsInput): Promise<string[][]> {
  const chunks: string[][] = [];
  // PostgreSQL streams raw bytes, the embedded store strings: compared as text.
  for await (const chunk of store.streamEquipmentsJson(input)) chunks.push(chunk.map(String));
  return chunks;
}

function listInput(
  equipmentTypeId: string,
  overrides: Partial<ListEquipmentsInput> = {},
): ListEquipmentsInput {
  return {
    equipmentTypeId,
    fields: equipmentFields,
    inService: null,
    nullMetafields: [],
    now: Date.now(),
    ...overrides,
  };
}

describe.each(testStores)("streamed equipments.list on $name", (testStore) => {
  const { skip } = testStore;
  const db = useStreamDatabase(testStore);
  const { onPostgres, backendsInTransaction } = db;

  describe.skipIf(skip)("Store.streamEquipmentsJson", () => {
    let store: Store;
    beforeAll(async () => {
      store = await openStore(db.database);
    });
    afterAll(async () => {
      await store?.close();
    });

    it.each([
      ["no records", streamTypes.none, []],
      ["exactly one chunk", streamTypes.oneChunk, [equipmentsChunkSize]],
      ["one record more than a chunk", streamTypes.oneMore, [equipmentsChunkSize, 1]],
      ["several chunks", streamTypes.several, [equipmentsChunkSize, equipmentsChunkSize, 345]],
    ] as const)(
      "reads %s in chunks whose records are byte for byte the whole-list query's",
      async (_, type, sizes) => {
        const variants: Partial<ListEquipmentsInput>[] = [
          {},
          { inService: true },
          { inService: false },
          { fields: ["id", "status"] satisfies EquipmentField[] },
          { nullMetafields: ["mf_a", "mf_b", "mf_c"] },
        ];
        for (const variant of variants) {
          const input = listInput(type.id, variant);
          const chunks = await readAll(store, input);
          if (variant.inService === undefined) expect(chunks.map((chunk) => chunk.length)).toEqual(sizes);
          const whole = compactJson(await store.listEquipmentsJson(input)).toString("utf8");
          // Strings, not buffers: toEqual walks a buffer byte by byte, for megabytes.
          expect(`${compactJsonElements("[", chunks.flat()).toString("utf8")}]`).toBe(whole);
        }
      },
    );

    it("frees the cursor and its connection when the reading stops early", async () => {
      for (let round = 0; round < moreThanThePool; round++) {
        for await (const chunk of store.streamEquipmentsJson(listInput(streamTypes.several.id))) {
          expect(chunk).toHaveLength(equipmentsChunkSize);
          break;
        }
      }
      const cursors = await store.sql.query("SELECT name FROM pg_cursors WHERE name LIKE 'wsafe_cursor_%'");
      expect(cursors).toEqual([]);
      if (onPostgres) expect(await backendsInTransaction()).toEqual([]);
      expect((await readAll(store, listInput(streamTypes.oneMore.id))).flat()).toHaveLength(
        streamTypes.oneMore.count,
      );
    });

    it("lets other statements run while a read waits between two chunks", async () => {
      // PGlite has one connection: a transaction held across the wait would stall this lookup.
      const reading = store.streamEquipmentsJson(listInput(streamTypes.several.id));
      expect((await reading.next()).done).toBe(false);
      expect(await store.findUser("acc_stream", "u_stream")).toEqual({ id: "u_stream", name: "Stream User" });
      expect((await reading.next()).done).toBe(false);
      await reading.return();
    });

    it("frees everything when the statement fails", async () => {
      for (let round = 0; round < moreThanThePool; round++) {
        const failing = store.sql.readInBatches("SELECT no_such_column FROM equipments", [], {
          batchSize: 10,
        });
        await expect(failing.next()).rejects.toThrow(/no_such_column/);
      }
      // Neither inside a leftover transaction (PGlite would refuse a nested BEGIN with a
      // warning only, so ask directly) nor short of pool connections.
      expect(await store.sql.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
      if (onPostgres) expect(await backendsInTransaction()).toEqual([]);
      expect((await readAll(store, listInput(streamTypes.oneChunk.id))).flat()).toHaveLength(
        equipmentsChunkSize,
      );
    });
  });
});
