import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "../demo/createDemoDataset.js";
import { DatasetError } from "./DatasetError.js";
import { importDataset } from "./importDataset.js";
import { openStore } from "./openStore.js";
import type { Store } from "./Store.js";

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
    expect(seen.at(-1)).toEqual([total, total]);
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
});
