import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "../demo/createDemoDataset.js";
import { DatasetError } from "../store/dataset/DatasetError.js";
import { openStore } from "../store/openStore.js";
import type { Store } from "../store/Store.js";
import { importDataset } from "./importDataset.js";

describe(importDataset, () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore("memory://");
  });
  afterAll(async () => {
    await store?.close();
  });

  it("reports progress batch by batch up to the total", async () => {
    const seen: [number, number][] = [];
    const summary = await importDataset(store, createDemoDataset({ equipmentCount: 3000, seed: 2 }), {
      onProgress: (done, total) => seen.push([done, total]),
    });
    expect(summary.equipments).toBe(3005);
    expect(seen.length).toBeGreaterThan(5);
    const total = seen[0]![1];
    // The total comes once, at the end: no bar says "done" while keys are rebuilt.
    expect(seen.at(-1)).toEqual([total, total]);
    expect(seen.filter(([done]) => done === total)).toHaveLength(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThan(seen[i - 1]![0]);
  });

  it("lists every problem, named by record id, and writes nothing", async () => {
    const before = await store.findUser("acc_demo", "u_ada");
    const bad = {
      users: [{ id: "u_ada", account_id: "acc_demo", name: "Changed" }],
      equipments: [{ id: "x", equipmentType_id: "et_harness", created: "yesterday" }],
    };
    const error = await importDataset(store, bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    const issues = (error as DatasetError).issues;
    expect(issues).toContainEqual({
      path: "equipments[0].created",
      record: 'equipment "x"',
      message: '`created` must be an integer (ms since the epoch), got "yesterday"',
    });
    expect(issues).toContainEqual({
      path: "equipments[0].serialNumber",
      record: 'equipment "x"',
      message: "required field `serialNumber` missing",
    });
    expect(await store.findUser("acc_demo", "u_ada")).toEqual(before);
  });

  // A missing field used to hide the broken references until it was fixed.
  it("reports the shape's problems and the references' in one run", async () => {
    const template = createDemoDataset({ equipmentCount: 10, seed: 2 }).equipments[0]!;
    const { serialNumber: _, ...withoutSerial } = template;
    const error = await importDataset(store, {
      equipments: [
        { ...withoutSerial, id: "eq_new_1", assignedUsers_id: ["u_nobody"] },
        { ...template, id: "eq_new_2", equipmentType_id: "et_nowhere" },
      ],
    }).catch((caught: unknown) => caught);
    expect((error as DatasetError).issues).toEqual([
      {
        path: "equipments[0].serialNumber",
        record: 'equipment "eq_new_1"',
        message: "required field `serialNumber` missing",
      },
      {
        path: "equipments[0].assignedUsers_id[0]",
        record: 'equipment "eq_new_1"',
        message:
          '`assignedUsers_id[0]` names user "u_nobody", which is neither in this file nor in the store',
      },
      {
        path: "equipments[1].equipmentType_id",
        record: 'equipment "eq_new_2"',
        message:
          '`equipmentType_id` names equipment type "et_nowhere", which is neither in this file nor in the store',
      },
    ]);
    expect((error as DatasetError).message).toBe(
      [
        "invalid dataset (3 problems):",
        '  equipment "eq_new_1": required field `serialNumber` missing',
        '  equipment "eq_new_1": `assignedUsers_id[0]` names user "u_nobody", which is neither in this file nor in the store',
        '  equipment "eq_new_2": `equipmentType_id` names equipment type "et_nowhere", which is neither in this file nor in the store',
      ].join("\n"),
    );
  });

  it("refuses strings PostgreSQL cannot store, naming where they are", async () => {
    const error = await importDataset(store, {
      users: [{ id: "u_nul", account_id: "acc_demo", name: "a\u0000b" }],
    }).catch((caught: unknown) => caught);
    expect((error as DatasetError).issues).toEqual([
      {
        path: "users[0].name",
        record: 'user "u_nul"',
        message: "`name` contains the NUL character (U+0000), which cannot be stored",
      },
    ]);
    expect(await store.findUser("acc_demo", "u_nul")).toBeUndefined();
  });

  it("never moves a record another account already holds, and writes nothing", async () => {
    const demo = createDemoDataset({ equipmentCount: 3000, seed: 2 });
    const resource = { ...demo.resources[0]!, account_id: "acc_other" };
    const equipment = { ...demo.equipments[0]!, equipmentType_id: "et_other_new" };
    const error = await importDataset(store, {
      accounts: [{ id: "acc_other", name: "Other", active: true }],
      users: [{ id: "u_ada", account_id: "acc_other", name: "Ada elsewhere" }],
      resources: [resource],
      equipmentTypes: [{ id: "et_other_new", account_id: "acc_other", name: "New", metafields: [] }],
      equipments: [equipment],
      tokens: [
        { token: "wsafe-demo-token-read", account_id: "acc_other", active: true, permissions: ["read"] },
      ],
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    const issues = (error as DatasetError).issues;
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining([
        "users[0].account_id",
        "resources[0].account_id",
        "equipments[0].equipmentType_id",
        "tokens[0].account_id",
      ]),
    );
    expect(issues.find((issue) => issue.path === "users[0].account_id")).toMatchObject({
      record: 'user "u_ada"',
      message:
        "already belongs to account acc_demo in the store; an import never moves a record to another account (this file says acc_other): keep `account_id` acc_demo, or give it another id",
    });
    // The secret is never echoed back in a message.
    for (const issue of issues) expect(JSON.stringify(issue)).not.toContain("wsafe-demo-token-read");
    // Nothing moved, nothing was added.
    expect(await store.findUser("acc_demo", "u_ada")).toMatchObject({ name: "Ada Lovelace" });
    expect(await store.findToken("wsafe-demo-token-read")).toMatchObject({ accountId: "acc_demo" });
    expect(await store.findEquipmentType("acc_other", "et_other_new")).toBeUndefined();
  });

  // A moved user gave six assignedUsers_id lines, then the line that explained them.
  it("reports a move once, first, with what follows from it grouped under it", async () => {
    const assigned = createDemoDataset({ equipmentCount: 3000, seed: 2 })
      .equipments.filter((equipment) => equipment.equipmentType_id === "et_ladder")
      .slice(0, 6)
      .map((equipment) => ({ ...equipment, assignedUsers_id: ["u_ada"] }));
    const error = await importDataset(store, {
      equipments: assigned,
      users: [{ id: "u_ada", account_id: "acc_other", name: "Ada elsewhere" }],
    }).catch((caught: unknown) => caught);
    expect((error as DatasetError).issues).toEqual([
      {
        path: "users[0].account_id",
        record: 'user "u_ada"',
        message:
          "already belongs to account acc_demo in the store; an import never moves a record to another account (this file says acc_other): keep `account_id` acc_demo, or give it another id",
        consequences: assigned.map((equipment, index) => ({
          path: `equipments[${index}].assignedUsers_id[0]`,
          record: `equipment "${equipment.id}"`,
          message: '`assignedUsers_id[0]` names user "u_ada" of another account',
        })),
      },
    ]);
    expect((error as DatasetError).message.split("\n").slice(0, 3)).toEqual([
      "invalid dataset (1 problem, and 6 that follow from it):",
      `  user "u_ada": ${(error as DatasetError).issues[0]!.message}`,
      `    - equipment "${assigned[0]!.id}": \`assignedUsers_id[0]\` names user "u_ada" of another account`,
    ]);
    expect(await store.findUser("acc_demo", "u_ada")).toMatchObject({ name: "Ada Lovelace" });
  });

  it("still updates a record named again under its own account", async () => {
    await importDataset(store, { users: [{ id: "u_ada", account_id: "acc_demo", name: "Ada King" }] });
    expect(await store.findUser("acc_demo", "u_ada")).toMatchObject({ name: "Ada King" });
  });
});
