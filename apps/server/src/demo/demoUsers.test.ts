import { describe, expect, it } from "vitest";
import { demoUsers } from "./demoUsers.js";

describe(demoUsers, () => {
  it("holds the users the docs look up", () => {
    expect(demoUsers()).toContainEqual({ id: "u_ada", account_id: "acc_demo", name: "Ada Lovelace" });
    expect(demoUsers()).toContainEqual({ id: "1042", account_id: "acc_demo", name: "Grace Hopper" });
  });

  it("gives acc_demo six users and each other account one, with unique ids", () => {
    const users = demoUsers();
    expect(users.filter((user) => user.account_id === "acc_demo")).toHaveLength(6);
    expect(users.filter((user) => user.account_id !== "acc_demo").map((user) => user.account_id)).toEqual([
      "acc_other",
      "acc_closed",
    ]);
    expect(new Set(users.map((user) => user.id)).size).toBe(users.length);
  });
});
