// The data of the equipments.update workload (issue 49): 16 accounts, each with a read
// and a write token, one user, two equipment types with the same metafield (so that a
// move between them keeps the metavalues) and its equipment, each with one monthly
// schedule that expired a month before (no status changes with time while a run lasts).
import { plainEquipment } from "@wsafe/test-support";

const day = 86_400_000;

/** The accounts of the workload. */
export const updateAccountCount = 16;

/** A token of account `i`, of `kind` read or write (the dataset wants 16+ characters). */
export const updateTokenOf = (/** @type {number} */ i, /** @type {"read" | "write"} */ kind) =>
  `bench-upd-${kind}-${String(i).padStart(2, "0")}-`.padEnd(24, "0");

/** The two types of account `i`: its equipment start in the first, and moves take them to the other. */
export const updateTypesOf = (/** @type {number} */ i) =>
  /** @type {[string, string]} */ ([`et_upd_${i}_a`, `et_upd_${i}_b`]);

/** The equipment the load updates: account `i`'s `n`th. */
export const loadedEquipmentId = (/** @type {number} */ i, /** @type {number} */ n) => `eq_upd_${i}_${n}`;

/**
 * The equipment of account 0 that the checks before the timing write, one set per side
 * (`wsafe`, `peer`), since on PostgreSQL both sides write one database: the compared one,
 * and the one that holds a key for the `external_id_taken` refusal.
 */
export const checkedEquipmentIds = (/** @type {string} */ side) => ({
  compared: `eq_upd_0_cmp_${side}`,
  keyHolder: `eq_upd_0_key_${side}`,
});

/** The sides the checks are made on. */
export const checkedSides = ["wsafe", "peer"];

/**
 * The dataset: `equipment` loaded equipment per account, in its first type, and account
 * 0's checked equipment.
 *
 * @param {number} equipment - loaded equipment per account
 * @param {number} [now] - the instant the schedules' dates are placed from
 */
export function updateDataset(equipment, now = Date.now()) {
  const indexes = Array.from({ length: updateAccountCount }, (_, i) => i);
  const schedules = [
    {
      schedule_id: "sch_monthly",
      lastCompletedOn: now - 60 * day,
      expiringOn: now - 35 * day,
      expiresOn: now - 30 * day,
      interval: "P1M",
      warning: "P5D",
    },
  ];
  const one = (/** @type {string} */ id, /** @type {number} */ i, /** @type {number} */ n) =>
    plainEquipment(id, updateTypesOf(i)[0], now - 400 * day + n * 60_000, {
      serialNumber: `SN-${id.slice(3)}`,
      fieldOffice_id: ["fo_home"],
      assignedUsers_id: [`u_upd_${i}`],
      metavalues: { mf_length: 1 + (n % 20) },
      schedules,
    });
  // The same equipment on each side, but for the id (and the serial number made of it).
  const checked = checkedSides.flatMap((side) =>
    Object.values(checkedEquipmentIds(side)).map((id, role) => one(id, 0, equipment + role)),
  );
  return {
    accounts: indexes.map((i) => ({ id: `acc_upd_${i}`, name: `Bench ${i}` })),
    tokens: indexes.flatMap((i) => [
      { token: updateTokenOf(i, "read"), account_id: `acc_upd_${i}` },
      { token: updateTokenOf(i, "write"), account_id: `acc_upd_${i}`, permissions: ["read", "write"] },
    ]),
    users: indexes.map((i) => ({ id: `u_upd_${i}`, account_id: `acc_upd_${i}`, name: `Planner ${i}` })),
    equipmentTypes: indexes.flatMap((i) =>
      updateTypesOf(i).map((id, t) => ({
        id,
        account_id: `acc_upd_${i}`,
        name: t === 0 ? "Harness" : "Harness (spare)",
        metafields: [{ id: "mf_length", name: "Length (m)" }],
      })),
    ),
    equipments: [
      ...indexes.flatMap((i) =>
        Array.from({ length: equipment }, (_, n) => one(loadedEquipmentId(i, n), i, n)),
      ),
      ...checked,
    ],
  };
}

/**
 * What the load generator starts from: each account's write token, its two types, and
 * each loaded equipment at version 1 in its first type, never visited.
 *
 * @param {number} equipment - loaded equipment per account
 * @returns {import("../children/updateLoad.mjs").LoadAccount[]}
 */
export function initialLoadState(equipment) {
  return Array.from({ length: updateAccountCount }, (_, i) => ({
    token: updateTokenOf(i, "write"),
    types: updateTypesOf(i),
    equipment: Array.from({ length: equipment }, (_, n) => ({
      id: loadedEquipmentId(i, n),
      version: 1,
      typeId: updateTypesOf(i)[0],
      visits: 0,
    })),
  }));
}
