// The tenant isolation suite's probes of the register's writes (test/tenantIsolation.test.ts),
// in a file of their own: the suite's file stays under the structure check's 330 lines.
import type { TenantFixture } from "@wsafe/test-support";

/** A probed value: an id, its integer form, or a list of ids (or of metafields) as a parameter takes it. */
export type ProbeValue = string | number | readonly unknown[] | Record<string, unknown>;

/** Another account's id and an id nobody has, of the same shape, per id-bearing parameter. */
export interface Probe {
  foreign: ProbeValue[];
  missing: ProbeValue[];
  base: object;
  /** Which of alpha's tokens asks: a write method needs `write` to reach its lookups. */
  asker: "alphaRead" | "alphaReadWrite";
  /** What the owner's check sends instead of `base`, where the id lives under an id of its own (its endpoint). */
  ownerBase?: object;
  /**
   * What an id nobody has is answered with, when it is no lookup but a filter over a
   * history (`inspections.list`'s `schedule_id`: a removed schedule's inspections stay
   * listed): an empty page. Else `content_not_found`.
   */
  reference?: object;
}

/**
 * The register's references that are kept as given, never looked up in any account
 * (`parent_id`, field offices, a line of business, clients: the caller's own references,
 * as an import keeps them), or that are the account's own names (a metafield's id, a
 * schedule's id that `schedules.set` adds, an `external_id`, unique per account): naming
 * another account's changes nothing, and the register's suites hold what they do. Here
 * alpha asks with its read token, refused before anything is read, so the probe holds only
 * that the refusal neither differs nor takes longer; beta's own check writes for real.
 */
function keptAsGiven(foreign: ProbeValue[], missing: ProbeValue[], base: object, ownerBase: object): Probe {
  return {
    foreign,
    missing,
    base,
    ownerBase,
    asker: "alphaRead",
    reference: { ok: false, error: "token_permission" },
  };
}

const newAlphaEquipment = { equipmentType_id: "et_alpha_empty", serialNumber: "SN-PROBE" };
/** What beta sends to make an equipment of its own for a probe. */
export const newBetaEquipment = { equipmentType_id: "et_beta", serialNumber: "SN-PROBE" };
const betaMetafields = [
  { id: "mf_beta_len", name: "Length" },
  { id: "mf_beta_sites", name: "Sites" },
];

/**
 * The probes of the register's writes (issue 49), by id-bearing parameter; beta's own
 * equipment for them is made in the suite's beforeAll.
 *
 * @param fixture - the suite's tenants
 * @example
 * Object.assign(probes, registerIsolationProbes(fixture));
 */
export function registerIsolationProbes(fixture: TenantFixture): Record<string, Probe> {
  return {
    "equipmentTypes.create metafields": keptAsGiven(
      [betaMetafields],
      [[{ id: "mf_zzzz", name: "Length" }]],
      { name: "Probe" },
      { name: "Probe" },
    ),
    "equipmentTypes.update id": {
      foreign: ["et_beta"],
      missing: ["et_zzzz"],
      base: {},
      asker: "alphaReadWrite",
    },
    // Alpha names no type of its own: the type is not found, whatever metafields it sends.
    "equipmentTypes.update metafields": {
      foreign: [betaMetafields],
      missing: [[{ id: "mf_zzzz", name: "Length" }]],
      base: { id: "et_zzzz" },
      ownerBase: { id: "et_beta" },
      asker: "alphaReadWrite",
    },
    "equipments.create equipmentType_id": {
      foreign: fixture.beta.equipmentTypes,
      missing: ["et_zzzz"],
      base: { serialNumber: "SN-PROBE" },
      asker: "alphaReadWrite",
    },
    "equipments.create assignedUsers_id": {
      foreign: fixture.beta.users.map((user) => [user]),
      missing: [["u_zzzz_1"]],
      base: newAlphaEquipment,
      ownerBase: newBetaEquipment,
      asker: "alphaReadWrite",
    },
    "equipments.create parent_id": keptAsGiven(
      ["eq_beta_1"],
      ["eq_zzzz_1"],
      newAlphaEquipment,
      newBetaEquipment,
    ),
    "equipments.create fieldOffice_id": keptAsGiven(
      [["fo_beta"]],
      [["fo_zzzz"]],
      newAlphaEquipment,
      newBetaEquipment,
    ),
    "equipments.create lineOfBusiness_id": keptAsGiven(
      ["lob_beta"],
      ["lob_zzzz"],
      newAlphaEquipment,
      newBetaEquipment,
    ),
    "equipments.create clients_id": keptAsGiven(
      [["cl_beta"]],
      [["cl_zzzz"]],
      newAlphaEquipment,
      newBetaEquipment,
    ),
    "equipments.create metavalues": keptAsGiven(
      [{ mf_beta_len: 1 }],
      [{ mf_zzzz: 1 }],
      newAlphaEquipment,
      newBetaEquipment,
    ),
    "equipments.create external_id": keptAsGiven(
      ["ERP-BETA-PROBE"],
      ["ERP-ZZZZ"],
      newAlphaEquipment,
      newBetaEquipment,
    ),
    "equipments.update id": {
      foreign: ["eq_beta_1"],
      missing: ["eq_zzzz_1"],
      base: { notes: "probe" },
      ownerBase: {},
      asker: "alphaReadWrite",
    },
    // A key beta's equipment holds (made in beforeAll): alpha's lookup by it finds nothing.
    "equipments.update external_id": {
      foreign: ["ERP-BETA-HELD"],
      missing: ["ERP-ZZZZ"],
      base: { notes: "probe" },
      ownerBase: {},
      asker: "alphaReadWrite",
    },
    "equipments.update equipmentType_id": {
      foreign: fixture.beta.equipmentTypes,
      missing: ["et_zzzz"],
      base: { id: "eq_alpha_1" },
      ownerBase: { id: "eq_beta_1" },
      asker: "alphaReadWrite",
    },
    "equipments.update assignedUsers_id": {
      foreign: fixture.beta.users.map((user) => [user]),
      missing: [["u_zzzz_1"]],
      base: { id: "eq_alpha_1" },
      ownerBase: { id: "eq_beta_1" },
      asker: "alphaReadWrite",
    },
    "equipments.update parent_id": keptAsGiven(
      ["eq_beta_1"],
      ["eq_zzzz_1"],
      { id: "eq_alpha_1" },
      { id: "eq_beta_1" },
    ),
    "equipments.update fieldOffice_id": keptAsGiven(
      [["fo_beta"]],
      [["fo_zzzz"]],
      { id: "eq_alpha_1" },
      { id: "eq_beta_1" },
    ),
    "equipments.update lineOfBusiness_id": keptAsGiven(
      ["lob_beta"],
      ["lob_zzzz"],
      { id: "eq_alpha_1" },
      { id: "eq_beta_1" },
    ),
    "equipments.update clients_id": keptAsGiven(
      [["cl_beta"]],
      [["cl_zzzz"]],
      { id: "eq_alpha_1" },
      { id: "eq_beta_1" },
    ),
    // Beta's own equipment for these is made in beforeAll: the owner's check retires it.
    "equipments.retire id": { foreign: [], missing: ["eq_zzzz_1"], base: {}, asker: "alphaReadWrite" },
    "equipments.retire external_id": {
      foreign: ["ERP-BETA-RETIRE"],
      missing: ["ERP-ZZZZ"],
      base: {},
      asker: "alphaReadWrite",
    },
    "schedules.set equipment_id": {
      foreign: ["eq_beta_1"],
      missing: ["eq_zzzz_1"],
      base: { schedule_id: "sch_alpha_a" },
      ownerBase: { schedule_id: "sch_beta_a" },
      asker: "alphaReadWrite",
    },
    "schedules.set schedule_id": keptAsGiven(
      ["sch_beta_a"],
      ["sch_zzzz"],
      { equipment_id: "eq_alpha_1" },
      { equipment_id: "eq_beta_1" },
    ),
    // The owner's checks remove schedules of an equipment beta makes for them in beforeAll.
    "schedules.remove equipment_id": {
      foreign: [],
      missing: ["eq_zzzz_1"],
      base: { schedule_id: "sch_alpha_a" },
      ownerBase: { schedule_id: "sch_probe" },
      asker: "alphaReadWrite",
    },
    "schedules.remove schedule_id": {
      foreign: ["sch_beta_a"],
      missing: ["sch_zzzz"],
      base: { equipment_id: "eq_alpha_1" },
      asker: "alphaReadWrite",
    },
  };
}
