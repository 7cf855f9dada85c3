import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "../demo/createDemoDataset.js";
import { DatasetError } from "../store/DatasetError.js";
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

  it("lists every problem with its path and writes nothing", async () => {
    const before = await store.findUser("acc_demo", "u_ada");
    const bad = {
      users: [{ id: "u_ada", account_id: "acc_demo", name: "Changed" }],
      equipments: [{ id: "x", equipmentType_id: "et_harness", created: "yesterday" }],
    };
    const error = await importDataset(store, bad).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    const paths = (error as DatasetError).issues.map((issue) => issue.path);
    expect(paths).toContain("equipments[0].created");
    expect(paths).toContain("equipments[0].serialNumber");
    expect(await store.findUser("acc_demo", "u_ada")).toEqual(before);
  });

  it("refuses strings PostgreSQL cannot store, naming where they are", async () => {
    const error = await importDataset(store, {
      users: [{ id: "u_nul", account_id: "acc_demo", name: "a\u0000b" }],
    }).catch((caught: unknown) => caught);
    expect((error as DatasetError).issues).toEqual([
      { path: "users[0].name", message: "contains the NUL character, which cannot be stored" },
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
    expect(issues.find((issue) => issue.path === "users[0].account_id")?.message).toBe(
      "u_ada already belongs to account acc_demo; an import never moves a record to another account (acc_other)",
    );
    // The secret is never echoed back in a message.
    for (const issue of issues) expect(issue.message).not.toContain("wsafe-demo-token-read");
    // Nothing moved, nothing was added.
    expect(await store.findUser("acc_demo", "u_ada")).toMatchObject({ name: "Ada Lovelace" });
    expect(await store.findToken("wsafe-demo-token-read")).toMatchObject({ accountId: "acc_demo" });
    expect(await store.findEquipmentType("acc_other", "et_other_new")).toBeUndefined();
  });

  it("still updates a record named again under its own account", async () => {
    await importDataset(store, { users: [{ id: "u_ada", account_id: "acc_demo", name: "Ada King" }] });
    expect(await store.findUser("acc_demo", "u_ada")).toMatchObject({ name: "Ada King" });
  });
});
