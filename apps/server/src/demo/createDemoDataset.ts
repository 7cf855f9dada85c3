import type { Dataset } from "@wsafe/schema";
import { createDemoEquipments } from "./createDemoEquipments.js";
import { createDemoResources } from "./createDemoResources.js";
import { createRandom } from "./createRandom.js";
import type { DemoDatasetOptions } from "./DemoDatasetOptions.js";
import { demoAccounts } from "./demoAccounts.js";
import { demoEquipmentTypes } from "./demoEquipmentTypes.js";
import { demoTokenRecords } from "./demoTokenRecords.js";
import { demoUsers } from "./demoUsers.js";

// Callers have always imported the options from here.
export type { DemoDatasetOptions } from "./DemoDatasetOptions.js";

/**
 * Makes the demo dataset: three accounts (one inactive), the demo tokens ({@link demoTokenRecords}), users
 * (among them `u_ada` Ada Lovelace and `1042` Grace Hopper), resources with several
 * versions, equipment types with metafields (`et_harness`: `mf_length`, `mf_brand`,
 * `mf_sites`), and equipment with every status relative to `now`, some out of service,
 * some with a parent, some without `clients_id` or `title`. Deterministic for a seed.
 *
 * @param options - seed, size and clock
 * @example
 * const dataset = createDemoDataset({ equipmentCount: 50_000, harnessShare: 1, seed: 7 });
 */
export function createDemoDataset(options: DemoDatasetOptions = {}): Dataset {
  const random = createRandom(options.seed ?? 1);
  const now = options.now ?? Date.now();
  const users = demoUsers();
  const userIds = users.filter((u) => u.account_id === "acc_demo").map((u) => u.id);
  // Resources draw first, equipment second: the order of draws from one seed is the dataset.
  const resources = createDemoResources(random, now, userIds);
  const equipments = createDemoEquipments(random, {
    now,
    count: options.equipmentCount ?? 3000,
    harnessShare: options.harnessShare ?? 0.5,
    userIds,
  });
  return {
    accounts: demoAccounts(),
    tokens: demoTokenRecords(),
    users,
    resources,
    equipmentTypes: demoEquipmentTypes(),
    equipments,
  };
}
