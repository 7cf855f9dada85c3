// An equipment's account is its type's (decisions.md, section 5). The store holds both
// columns, and readers took one or the other (inspections the type's, events the row's):
// migration 0014 makes the database refuse an equipment whose account is not its type's,
// so both read the same. Existing rows keep their account; an import of a file that would
// move an equipment or a type to another account is refused with its words, and changes
// nothing.
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresDatabase, postgresUrl, skipWithout } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDemoDataset } from "../src/demo/createDemoDataset.js";
import { importDataset } from "../src/import/importDataset.js";
import { migrate, migrationsDirectory } from "../src/store/database/migrate.js";
import { openPglite } from "../src/store/database/openPglite.js";
import { openPostgres } from "../src/store/database/openPostgres.js";
import type { Sql } from "../src/store/database/Sql.js";
import { DatasetError } from "../src/store/dataset/DatasetError.js";
import { openStore } from "../src/store/openStore.js";

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const migration = "0014_equipment_account.sql";

const stores = [
  {
    name: "PGlite",
    skip: false,
    open: async () => ({ database: "memory://", drop: async () => {} }),
  },
  {
    name: "PostgreSQL",
    get skip() {
      return skipWithout("PostgreSQL", "an equipment's account on PostgreSQL");
    },
    open: async () => {
      const db = await createPostgresDatabase("equipment_account", postgresUrl, { template: "none" });
      return { database: db.database, drop: () => db.drop() };
    },
  },
];

const openSql = (database: string) =>
  database === "memory://" ? openPglite(database) : openPostgres(database);

/** An equipment row with every column but the account and the type fixed. */
const insertEquipment = (sql: Sql, id: string, account: string, type: string) =>
  sql.query(
    `INSERT INTO equipments (id, account_id, equipment_type_id, serial_number, created, parent_id, field_office_ids,
                             line_of_business_id, assigned_user_ids, notes, is_in_service, metavalues)
     VALUES ($1, $2, $3, 'SN', 0, '', '[]', '', '[]', '', true, '{}')`,
    [id, account, type],
  );

/** Every row of the tables an import writes that hold an account, to compare before and after. */
const snapshot = async (sql: Sql) => ({
  equipments: await sql.query("SELECT id, account_id, equipment_type_id FROM equipments ORDER BY id"),
  types: await sql.query("SELECT id, account_id, name FROM equipment_types ORDER BY id"),
  events: await sql.query("SELECT count(*)::int AS count FROM events"),
});

describe.each(stores)("an equipment's account on $name", ({ skip, open }) => {
  describe.skipIf(skip)(`a store migrated before ${migration}`, () => {
    let sql: Sql;
    let drop: () => Promise<void>;
    let directory: string;
    beforeAll(async () => {
      let database: string;
      ({ database, drop } = await open());
      sql = await openSql(database);
      directory = await mkdtemp(join(tmpdir(), "wsafe-migrations-"));
      await cp(migrationsDirectory, directory, {
        recursive: true,
        filter: (source) => !source.endsWith(migration),
      });
      await migrate(sql, { directory });
      await sql.query("INSERT INTO accounts (id, name) VALUES ('acc_a', 'A'), ('acc_b', 'B')");
      await sql.query(
        "INSERT INTO equipment_types (id, account_id, name, metafields) VALUES ('et_a', 'acc_a', 'A', '[]'), ('et_b', 'acc_b', 'B', '[]')",
      );
      await insertEquipment(sql, "eq_a", "acc_a", "et_a");
      // No server wrote one (an import takes an equipment's account from its type), but the
      // schema let it be.
      await insertEquipment(sql, "eq_astray", "acc_b", "et_a");
    });
    afterAll(async () => {
      await sql?.close();
      await drop?.();
      if (directory) await rm(directory, { recursive: true, force: true });
    });

    it("keeps the equipment it finds, each of its type's account", async () => {
      expect((await migrate(sql)).applied.map((m) => m.name)).toEqual([migration]);
      expect(await sql.query("SELECT id, account_id FROM equipments ORDER BY id")).toEqual([
        { id: "eq_a", account_id: "acc_a" },
        { id: "eq_astray", account_id: "acc_a" },
      ]);
    });

    it("refuses an equipment whose account is not its type's, however it is written", async () => {
      await expect(insertEquipment(sql, "eq_x", "acc_b", "et_a")).rejects.toThrow(
        /equipments_account_type_fkey/,
      );
      await expect(sql.query("UPDATE equipments SET account_id = 'acc_b' WHERE id = 'eq_a'")).rejects.toThrow(
        /equipments_account_type_fkey/,
      );
      await expect(
        sql.query("UPDATE equipments SET equipment_type_id = 'et_b' WHERE id = 'eq_a'"),
      ).rejects.toThrow(/equipments_account_type_fkey/);
      // A type that moved would leave its equipment behind in the other account.
      await expect(
        sql.query("UPDATE equipment_types SET account_id = 'acc_b' WHERE id = 'et_a'"),
      ).rejects.toThrow(/equipments_account_type_fkey/);
      // A type of no account's equipment is refused as before.
      await expect(insertEquipment(sql, "eq_y", "acc_a", "et_nowhere")).rejects.toThrow(
        /equipments_account_type_fkey/,
      );
      expect(await sql.query("SELECT id, account_id, equipment_type_id FROM equipments ORDER BY id")).toEqual(
        [
          { id: "eq_a", account_id: "acc_a", equipment_type_id: "et_a" },
          { id: "eq_astray", account_id: "acc_a", equipment_type_id: "et_a" },
        ],
      );
      // Moving both together is one account's equipment of one account's type: allowed.
      await sql.query(
        "UPDATE equipments SET account_id = 'acc_b', equipment_type_id = 'et_b' WHERE id = 'eq_astray'",
      );
    });
  });

  describe.skipIf(skip)("imports", () => {
    let store: Awaited<ReturnType<typeof openStore>>;
    let drop: () => Promise<void>;
    const demo = createDemoDataset({ equipmentCount: 40, seed: 3 });
    beforeAll(async () => {
      let database: string;
      ({ database, drop } = await open());
      store = await openStore(database);
    });
    afterAll(async () => {
      await store?.close();
      await drop?.();
    });

    it("writes each equipment with its type's account, into an empty store and over itself", async () => {
      await importDataset(store, demo);
      await importDataset(store, demo);
      const mismatched = await store.sql.query(
        `SELECT e.id FROM equipments e JOIN equipment_types t ON t.id = e.equipment_type_id
          WHERE t.account_id <> e.account_id`,
      );
      expect(mismatched).toEqual([]);
      expect((await store.sql.query("SELECT count(*)::int AS count FROM equipments"))[0]).toEqual({
        count: demo.equipments.length,
      });
    });

    it("refuses a file that moves an equipment or a type to another account, saying so, and changes nothing", async () => {
      const before = await snapshot(store.sql);
      const equipment = demo.equipments.find((e) => e.equipmentType_id === "et_harness")!;
      const otherType = demo.equipmentTypes.find((t) => t.account_id === "acc_other")!;
      const harness = demo.equipmentTypes.find((t) => t.id === "et_harness")!;
      const error = await importDataset(store, {
        equipmentTypes: [{ ...harness, account_id: "acc_other" }],
        equipments: [{ ...equipment, equipmentType_id: otherType.id, metavalues: {} }],
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatasetError);
      expect((error as DatasetError).issues).toEqual([
        expect.objectContaining({
          path: "equipmentTypes[0].account_id",
          record: 'equipment type "et_harness"',
          message:
            "already belongs to account acc_demo in the store; an import never moves a record to another account (this file says acc_other): keep `account_id` acc_demo, or give it another id",
        }),
        expect.objectContaining({
          path: "equipments[0].equipmentType_id",
          record: `equipment "${equipment.id}"`,
          message: `already belongs to account acc_demo in the store, and its \`equipmentType_id\` is of account acc_other; an import never moves a record to another account: give it a type of acc_demo, or another id`,
        }),
      ]);
      expect(await snapshot(store.sql)).toEqual(before);
    });
  });
});
