import type { Dataset } from "@wsafe/schema";
import { demoTokens } from "./demoTokens.js";

/**
 * The {@link demoTokens} as the dataset's token records: read and read-write tokens of
 * `acc_demo`, a revoked one, one of the inactive account and one of the other account.
 *
 * @example
 * demoTokenRecords().find((t) => t.token === demoTokens.revoked)?.active; // false
 */
export function demoTokenRecords(): Dataset["tokens"] {
  return [
    { token: demoTokens.read, account_id: "acc_demo", active: true, permissions: ["read"] },
    { token: demoTokens.write, account_id: "acc_demo", active: true, permissions: ["read", "write"] },
    { token: demoTokens.revoked, account_id: "acc_demo", active: false, permissions: ["read"] },
    { token: demoTokens.inactiveAccount, account_id: "acc_closed", active: true, permissions: ["read"] },
    { token: demoTokens.otherAccount, account_id: "acc_other", active: true, permissions: ["read"] },
  ];
}
