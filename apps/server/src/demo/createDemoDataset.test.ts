import { createHash } from "node:crypto";
import { datasetSchema, scheduleStatusAt } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { createDemoDataset } from "./createDemoDataset.js";
import { demoInspection } from "./demoInspection.js";
import { demoTokens } from "./demoTokens.js";

const now = Date.UTC(2026, 10, 1);

describe(createDemoDataset, () => {
  it("is a valid dataset", () => {
    const dataset = createDemoDataset({ now });
    expect(datasetSchema.parse(dataset)).toEqual(dataset);
  });

  it("is the same for the same seed, count and clock, and differs for another seed", () => {
    expect(createDemoDataset({ now, seed: 3, equipmentCount: 500 })).toEqual(
      createDemoDataset({ now, seed: 3, equipmentCount: 500 }),
    );
    expect(createDemoDataset({ now, seed: 4, equipmentCount: 500 })).not.toEqual(
      createDemoDataset({ now, seed: 3, equipmentCount: 500 }),
    );
  });

  it("holds what the docs and examples rely on", () => {
    const dataset = createDemoDataset({ now });
    expect(dataset.users).toContainEqual({ id: "u_ada", account_id: "acc_demo", name: "Ada Lovelace" });
    expect(dataset.users).toContainEqual({ id: "1042", account_id: "acc_demo", name: "Grace Hopper" });
    const harness = dataset.equipmentTypes.find((t) => t.id === "et_harness");
    expect(harness?.metafields.map((m) => m.id)).toEqual(["mf_length", "mf_brand", "mf_sites"]);
    expect(dataset.accounts.filter((a) => !a.active)).toHaveLength(1);
    const tokens = Object.fromEntries(dataset.tokens.map((t) => [t.token, t]));
    expect(tokens[demoTokens.read]).toMatchObject({
      account_id: "acc_demo",
      active: true,
      permissions: ["read"],
    });
    expect(tokens[demoTokens.revoked]).toMatchObject({ active: false });
    expect(
      dataset.accounts.find((a) => a.id === tokens[demoTokens.inactiveAccount]!.account_id)?.active,
    ).toBe(false);
    expect(dataset.resources.some((r) => r.versions.length > 2)).toBe(true);
  });

  it("has equipment of every status at `now`, out of service, with parents, and without optional fields", () => {
    const { equipments } = createDemoDataset({ now });
    expect(equipments.length).toBeGreaterThanOrEqual(3000);
    const kinds = new Set<string>();
    for (const equipment of equipments) {
      for (const s of equipment.schedules) {
        if (s.expiresOn === null || s.lastCompletedOn === null) kinds.add("never");
        else if (now >= s.expiresOn) kinds.add("expired");
        else if (s.expiringOn !== null && now >= s.expiringOn) kinds.add("expiring");
        else kinds.add("uptodate");
      }
    }
    expect([...kinds].sort()).toEqual(["expired", "expiring", "never", "uptodate"]);
    expect(equipments.some((e) => !e.isInService)).toBe(true);
    expect(equipments.some((e) => e.parent_id !== "")).toBe(true);
    expect(equipments.some((e) => e.clients_id === undefined)).toBe(true);
    expect(equipments.some((e) => e.title === undefined)).toBe(true);
  });

  it("sizes the harness type for benchmarks", () => {
    const { equipments } = createDemoDataset({ now, equipmentCount: 50_000, harnessShare: 1 });
    expect(equipments.filter((e) => e.equipmentType_id === "et_harness")).toHaveLength(50_000);
  });

  // The demo, the docs' examples and the benchmarks all read this dataset: a refactoring
  // must not move one byte of it. The hashes were taken before the function was split,
  // and again when every schedule got its `interval` and `warning` (issue 36): without
  // those two fields the dataset still hashed to the earlier pins.
  it.each([
    [{ now }, "b14d6121dd47ccf385b8b70da5f7439e45c35de5db286f8ea0f398d62fe6de30"],
    [
      { now, seed: 7, equipmentCount: 500, harnessShare: 0.3 },
      "706602e3aa55c2bf8bba59745067b42f0b084a15e982166ec5864a8efb2bf3db",
    ],
    [
      { now, equipmentCount: 3, harnessShare: 1 },
      "c2ed8a6c88306259c130dadbe6ecc6d06ab55d886217714fedc79764c816db69",
    ],
    [{ now, equipmentCount: 0 }, "f0cc2cfb62a92d7bf55bc205103a393a9752947b47af6188a0cd7fecc9630703"],
  ])("produces exactly the pinned dataset for %o", (options, sha256) => {
    const text = JSON.stringify(createDemoDataset(options));
    expect(createHash("sha256").update(text).digest("hex")).toBe(sha256);
  });

  it("gives every schedule the interval and warning of its kind, and holds expired the schedule the write curl line inspects", () => {
    // The demo `serve --demo` imports is dated at its start: whenever that is.
    for (const at of [now, now + 400 * 86_400_000]) {
      const dataset = createDemoDataset({ now: at });
      const schedules = dataset.equipments.flatMap((equipment) => equipment.schedules);
      expect(new Set(schedules.map((s) => `${s.schedule_id} ${s.interval} ${s.warning}`))).toEqual(
        new Set(["sch_annual P1Y P2M", "sch_monthly P1M P5D", "sch_preuse P1W P1D"]),
      );
      const equipment = dataset.equipments.find((e) => e.id === demoInspection.equipmentId);
      const schedule = equipment?.schedules.find((s) => s.schedule_id === demoInspection.scheduleId);
      expect(schedule && scheduleStatusAt(schedule, at)).toBe("expired");
    }
  });
});
