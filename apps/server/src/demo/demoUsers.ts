import type { Dataset } from "@wsafe/schema";

/**
 * The demo's users: six of `acc_demo`, among them `u_ada` (Ada Lovelace) and the
 * numeric-looking `1042` (Grace Hopper) the docs look up, and one of each other account.
 *
 * @example
 * demoUsers().find((user) => user.id === "1042")?.name; // "Grace Hopper"
 */
export function demoUsers(): Dataset["users"] {
  return [
    { id: "u_ada", account_id: "acc_demo", name: "Ada Lovelace" },
    { id: "1042", account_id: "acc_demo", name: "Grace Hopper" },
    { id: "u_katherine", account_id: "acc_demo", name: "Katherine Johnson" },
    { id: "u_alan", account_id: "acc_demo", name: "Alan Turing" },
    { id: "u_margaret", account_id: "acc_demo", name: "Margaret Hamilton" },
    { id: "u_edsger", account_id: "acc_demo", name: "Edsger Dijkstra" },
    { id: "u_other", account_id: "acc_other", name: "Olive Other" },
    { id: "u_closed", account_id: "acc_closed", name: "Clara Closed" },
  ];
}
