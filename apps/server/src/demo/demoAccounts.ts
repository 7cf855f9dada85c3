import type { Dataset } from "@wsafe/schema";

/**
 * The demo's three accounts: `acc_demo` (the docs' examples), `acc_other` (a second
 * tenant, to see isolation) and the inactive `acc_closed`. A fresh copy per call, so
 * that a caller may change its dataset.
 *
 * @example
 * demoAccounts().filter((account) => !account.active); // [{ id: "acc_closed", ... }]
 */
export function demoAccounts(): Dataset["accounts"] {
  return [
    { id: "acc_demo", name: "Demo Builders Ltd", active: true },
    { id: "acc_other", name: "Other Works Inc", active: true },
    { id: "acc_closed", name: "Closed Co", active: false },
  ];
}
