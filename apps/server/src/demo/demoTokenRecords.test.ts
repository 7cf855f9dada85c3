import { describe, expect, it } from "vitest";
import { demoTokenRecords } from "./demoTokenRecords.js";
import { demoTokens } from "./demoTokens.js";

describe(demoTokenRecords, () => {
  it("gives each demo token the account, state and permissions its role names", () => {
    expect(demoTokenRecords()).toEqual([
      { token: demoTokens.read, account_id: "acc_demo", active: true, permissions: ["read"] },
      { token: demoTokens.write, account_id: "acc_demo", active: true, permissions: ["read", "write"] },
      { token: demoTokens.revoked, account_id: "acc_demo", active: false, permissions: ["read"] },
      { token: demoTokens.inactiveAccount, account_id: "acc_closed", active: true, permissions: ["read"] },
      { token: demoTokens.otherAccount, account_id: "acc_other", active: true, permissions: ["read"] },
    ]);
  });

  it("has a record for every demo token", () => {
    expect(demoTokenRecords().map((record) => record.token)).toEqual(Object.values(demoTokens));
  });
});
