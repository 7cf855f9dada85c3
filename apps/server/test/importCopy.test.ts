import type { DatasetInput } from "@wsafe/schema";
import { createPostgresDatabase, postgresUrl, type ScratchDatabase } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { Sql } from "../src/store/database/Sql.js";
import { DatasetError } from "../src/store/dataset/DatasetError.js";
import { openStore } from "../src/store/openStore.js";
import { Store } from "../src/store/Store.js";

// The import's COPY path and its staging tables, on both engines: what is stored, how
// records the store holds are updated, and that a failure anywhere leaves nothing.
const engines = [
  { name: "PGlite", skip: false, open: async () => ({ database: "memory://", drop: async () => {} }) },
  { name: "PostgreSQL", skip: !postgresUrl, open: () => createPostgresDatabase() },
] as const;

const account = { id: "acc_copy", name: "Copy Ltd", active: true };
const type = {
  id: "et_copy",
  account_id: "acc_copy",
  name: "Ladder",
  metafields: [{ id: "mf_brand", name: "Brand" }],
};
const schedule = (id: string, expiresOn: number | null) => ({
  schedule_id: id,
  expiresOn,
  expiringOn: expiresOn === null ? null : expiresOn - 1000,
  lastCompletedOn: expiresOn === null ? null : 1_700_000_000_000,
});
const equipment = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `eq_copy_${n}`,
  serialNumber: `SN-${n}`,
  equipmentType_id: "et_copy",
  created: 1_700_000_000_000 + n,
  parent_id: "",
  fieldOffice_id: ["fo_1"],
  lineOfBusiness_id: "",
  assignedUsers_id: [],
  notes: "",
  isInService: true,
  metavalues: {},
  schedules: [schedule("sch_a", 1_900_000_000_000 + n)],
  ...extra,
});
const manyEquipment = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => equipment(from + i));

const stageTables = (sql: Sql) =>
  sql.query<{ relname: string }>("SELECT relname FROM pg_class WHERE relname LIKE 'wsafe\\_stage\\_%'");
const count = async (sql: Sql, table: string) =>
  (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe.each(engines)("import through COPY on $name", ({ skip, open }) => {
  describe.skipIf(skip)("the COPY path and its staging tables", () => {
    let db: Pick<ScratchDatabase, "database" | "drop">;
    let store: Store;
    beforeAll(async () => {
      db = await open();
      store = await openStore(db.database);
      await importDataset(store, { accounts: [account], equipmentTypes: [type] });
    });
    afterAll(async () => {
      await store?.close();
      await db?.drop();
    });

    it("stores every character the COPY text format escapes exactly as given", async () => {
      const tricky = 'tab\there, new\nline, cr\r, back\\slash, \\N, \\., "quotes", {braces}, é 😀';
      await importDataset(store, {
        users: [{ id: "u_copy_tricky", account_id: "acc_copy", name: tricky }],
        equipments: [
          equipment(1, {
            notes: tricky,
            title: tricky,
            metavalues: { mf_brand: tricky },
            clients_id: [tricky],
          }),
        ],
      });
      const [user] = await store.sql.query<{ name: string }>(
        "SELECT name FROM users WHERE id = 'u_copy_tricky'",
      );
      expect(user!.name).toBe(tricky);
      const [row] = await store.sql.query<{ notes: string; title: string; brand: string; client: string }>(
        `SELECT notes, title, metavalues->>'mf_brand' AS brand, client_ids->>0 AS client
           FROM equipments WHERE id = 'eq_copy_1'`,
      );
      expect(row).toEqual({ notes: tricky, title: tricky, brand: tricky, client: tricky });
    });

    it("updates the records the store holds and adds the others, in one chunk, replacing their schedules", async () => {
      await importDataset(store, { equipments: manyEquipment(3, 10) });
      await importDataset(store, {
        equipments: [
          equipment(11, { serialNumber: "SN-11-new", schedules: [schedule("sch_b", null)] }),
          equipment(13),
        ],
        tokens: [
          { token: "wsafe-copy-token-0001", account_id: "acc_copy", active: true, permissions: ["read"] },
        ],
      });
      // A token held already (its key is the digest) is updated too.
      await importDataset(store, {
        tokens: [
          {
            token: "wsafe-copy-token-0001",
            account_id: "acc_copy",
            active: false,
            permissions: ["read", "write"],
          },
        ],
      });
      const rows = await store.sql.query<{ id: string; serial_number: string; schedules: string }>(
        `SELECT e.id, e.serial_number, string_agg(s.schedule_id, ',' ORDER BY s.schedule_id) AS schedules
           FROM equipments e LEFT JOIN schedules s ON s.equipment_id = e.id
          WHERE e.id IN ('eq_copy_10', 'eq_copy_11', 'eq_copy_12', 'eq_copy_13') GROUP BY e.id ORDER BY e.id`,
      );
      expect(rows).toEqual([
        { id: "eq_copy_10", serial_number: "SN-10", schedules: "sch_a" },
        { id: "eq_copy_11", serial_number: "SN-11-new", schedules: "sch_b" },
        { id: "eq_copy_12", serial_number: "SN-12", schedules: "sch_a" },
        { id: "eq_copy_13", serial_number: "SN-13", schedules: "sch_a" },
      ]);
      expect(await store.findToken("wsafe-copy-token-0001")).toMatchObject({
        accountId: "acc_copy",
        active: false,
        permissions: ["read", "write"],
      });
      expect(await stageTables(store.sql)).toEqual([]);
    });

    it("refuses a file with one invalid record in the middle, names it, and writes nothing", async () => {
      const equipments: unknown[] = manyEquipment(3000, 1000);
      equipments[1500] = { ...(equipments[1500] as object), created: "yesterday" };
      const before = await count(store.sql, "equipments");
      const error = await importDataset(store, { equipments }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatasetError);
      const id = (equipments[1500] as { id: string }).id;
      expect((error as DatasetError).issues).toEqual([
        {
          path: "equipments[1500].created",
          record: `equipment "${id}"`,
          message: '`created` must be an integer (ms since the epoch), got "yesterday"',
        },
      ]);
      expect((error as DatasetError).message).toBe(
        `invalid dataset (1 problem):\n  equipment "${id}": \`created\` must be an integer (ms since the epoch), got "yesterday"`,
      );
      expect(await count(store.sql, "equipments")).toBe(before);
    });

    it("rolls everything back when writing fails midway, leaving no staging table behind", async () => {
      const dataset: DatasetInput = {
        users: [{ id: "u_copy_1", account_id: "acc_copy", name: "Changed" }],
        // Existing records (the staging path) and new ones (straight COPY), over several chunks.
        equipments: [...manyEquipment(3, 10), ...manyEquipment(2000, 5000)],
      };
      await importDataset(store, { users: [{ id: "u_copy_1", account_id: "acc_copy", name: "Kept" }] });
      const before = {
        equipments: await count(store.sql, "equipments"),
        schedules: await count(store.sql, "schedules"),
        user: await store.findUser("acc_copy", "u_copy_1"),
      };
      // The store's own engine, with the sixth COPY of the import's transaction failing.
      let copies = 0;
      const failing: Sql = {
        ...store.sql,
        transaction: (work) =>
          store.sql.transaction((tx) =>
            work({
              ...tx,
              copyIn: async (table, columns, data) => {
                if (++copies === 6) throw new Error("the disk is full (injected)");
                return tx.copyIn(table, columns, data);
              },
            }),
          ),
      };
      await expect(importDataset(new Store(failing), dataset)).rejects.toThrow("the disk is full (injected)");
      expect(copies).toBe(6);
      expect({
        equipments: await count(store.sql, "equipments"),
        schedules: await count(store.sql, "schedules"),
        user: await store.findUser("acc_copy", "u_copy_1"),
      }).toEqual(before);
      expect(await stageTables(store.sql)).toEqual([]);
      // The same file goes in whole afterwards, on the same store.
      await importDataset(store, dataset);
      expect(await count(store.sql, "equipments")).toBe(before.equipments + 2000);
      expect(await store.findUser("acc_copy", "u_copy_1")).toEqual({ id: "u_copy_1", name: "Changed" });
    });
  });
});
