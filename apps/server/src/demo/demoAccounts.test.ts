import { describe, expect, it } from "vitest";
import { demoAccounts } from "./demoAccounts.js";

describe(demoAccounts, () => {
  it("holds the demo account, a second tenant and one inactive account", () => {
    expect(demoAccounts()).toEqual([
      { id: "acc_demo", name: "Demo Builders Ltd", active: true },
      { id: "acc_other", name: "Other Works Inc", active: true },
      { id: "acc_closed", name: "Closed Co", active: false },
    ]);
  });

  it("hands out a fresh copy, so one dataset's changes do not reach the next", () => {
    const first = demoAccounts();
    first[0]!.name = "changed";
    expect(demoAccounts()[0]!.name).toBe("Demo Builders Ltd");
  });
});
