import type { TenantFixture } from "@wsafe/test-support";

/** Another account's id and an id nobody has, of the same shape, per id-bearing parameter. */
export interface Probe {
  /** Each a parameter's whole value: an id, or a list of one (`assignedUsers_id`). */
  foreign: unknown[];
  missing: unknown[];
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
  /** A key beta gives one of its equipment (`equipments.update`) before the probe asks by it. */
  beforeAsking?: { id: string; external_id: string };
}

/** Where webhooks may point in this suite: loopback over http, never called (`deliver: false`). */
export const hookUrl = "http://127.0.0.1:9/wsafe-isolation";

/**
 * The probes of the tenant isolation suite, per id-bearing parameter (`idParameters`):
 * another account's ids, ids nobody has, the request around them, and who asks.
 *
 * @param fixture - the suite's tenants
 * @example
 * const probes = isolationProbes(createTenantFixture());
 * probes["users.info user"]?.missing; // ["u_zzzz_1", "9042", 9042]
 */
export function isolationProbes(fixture: TenantFixture): Record<string, Probe> {
  return {
    "equipments.list equipmentType_id": {
      foreign: fixture.beta.equipmentTypes,
      missing: ["et_zzzz"],
      base: { service_type: "all", include_null_metavalues: true },
      asker: "alphaRead",
    },
    "events.list equipmentType_id": {
      foreign: fixture.beta.equipmentTypes,
      missing: ["et_zzzz"],
      // A window within the retention, around the fixture's own dates.
      base: { from: Date.now() - 86_400_000, to: Date.now() + 86_400_000 },
      asker: "alphaRead",
    },
    "users.info user": {
      // The integer form is the same id (`users.info`'s `user` parameter in `@wsafe/schema`): probe both spellings.
      foreign: [...fixture.beta.users, 2042],
      missing: ["u_zzzz_1", "9042", 9042],
      base: {},
      asker: "alphaRead",
    },
    "webhooks.create equipmentType_id": {
      foreign: fixture.beta.equipmentTypes,
      missing: ["et_zzzz"],
      base: { url: hookUrl },
      asker: "alphaReadWrite",
    },
    // Beta's endpoints are made in beforeAll, one per probe: the owner's check of
    // webhooks.delete deletes its own.
    "webhooks.delete id": {
      foreign: [],
      missing: ["wh_0000000000000000"],
      base: {},
      asker: "alphaReadWrite",
    },
    "webhooks.deliveries webhook_id": {
      foreign: [],
      missing: ["wh_0000000000000000"],
      base: {},
      asker: "alphaRead",
    },
    "webhooks.rotate_secret id": {
      foreign: [],
      missing: ["wh_0000000000000000"],
      base: {},
      asker: "alphaReadWrite",
    },
    "webhooks.redeliver webhook_id": {
      foreign: [],
      missing: ["wh_0000000000000000"],
      base: {},
      asker: "alphaReadWrite",
    },
    // Beta's event, delivered to beta's endpoint; alpha asks on its own endpoint, beta on its own
    // (both set in beforeAll).
    "webhooks.redeliver event_id": {
      foreign: [],
      missing: ["ev_000000000000000000000000"],
      base: {},
      asker: "alphaReadWrite",
    },
    // Alpha asks with its own schedule, equipment and inspector beside the probed id, so the
    // probed id is the only thing another account holds; beta's own check records for real.
    "inspections.record equipment_id": {
      foreign: ["eq_beta_1", "eq_beta_2"],
      missing: ["eq_zzzz_1"],
      base: inspection({ schedule_id: "sch_alpha_b", inspector_id: "u_alpha_1" }),
      ownerBase: inspection({ schedule_id: "sch_beta_b", inspector_id: "u_beta_1" }),
      asker: "alphaReadWrite",
    },
    "inspections.record schedule_id": {
      foreign: ["sch_beta_a", "sch_beta_b"],
      missing: ["sch_zzzz"],
      base: inspection({ equipment_id: "eq_alpha_1", inspector_id: "u_alpha_1" }),
      ownerBase: inspection({ equipment_id: "eq_beta_1", inspector_id: "u_beta_1" }),
      asker: "alphaReadWrite",
    },
    "inspections.record inspector_id": {
      foreign: fixture.beta.users,
      missing: ["u_zzzz_1"],
      base: inspection({ equipment_id: "eq_alpha_1", schedule_id: "sch_alpha_b" }),
      ownerBase: inspection({ equipment_id: "eq_beta_1", schedule_id: "sch_beta_b" }),
      asker: "alphaReadWrite",
    },
    "inspections.list equipment_id": {
      foreign: ["eq_beta_1"],
      missing: ["eq_zzzz_1"],
      base: {},
      asker: "alphaRead",
    },
    "inspections.list schedule_id": {
      foreign: ["sch_beta_a", "sch_beta_b"],
      missing: ["sch_zzzz"],
      base: { equipment_id: "eq_alpha_1" },
      ownerBase: { equipment_id: "eq_beta_1" },
      asker: "alphaRead",
      reference: { ok: true, inspections: [] },
    },
    "inspections.list equipmentType_id": {
      foreign: fixture.beta.equipmentTypes,
      missing: ["et_zzzz"],
      base: {},
      asker: "alphaRead",
    },
    "inspections.list inspector_id": {
      foreign: fixture.beta.users,
      missing: ["u_zzzz_1"],
      base: {},
      asker: "alphaRead",
    },
    // The register's writes (issue 49). Beta's own checks write for real, each on an
    // equipment of its own: eq_beta_1 is changed, eq_beta_2 loses its schedules, eq_beta_3
    // and eq_beta_0 (by the key it is given first) are retired.
    "equipmentTypes.update id": {
      foreign: fixture.beta.equipmentTypes,
      missing: ["et_zzzz"],
      base: { name: "Renamed by the isolation probe" },
      ownerBase: {},
      asker: "alphaReadWrite",
    },
    "equipments.create equipmentType_id": {
      foreign: fixture.beta.equipmentTypes,
      missing: ["et_zzzz"],
      base: { serialNumber: "SN-ISOLATION" },
      asker: "alphaReadWrite",
    },
    "equipments.create assignedUsers_id": {
      foreign: fixture.beta.users.map((user) => [user]),
      missing: [["u_zzzz_1"]],
      base: { equipmentType_id: "et_alpha_empty", serialNumber: "SN-ISOLATION" },
      ownerBase: { equipmentType_id: "et_beta", serialNumber: "SN-ISOLATION" },
      asker: "alphaReadWrite",
    },
    "equipments.update id": {
      foreign: ["eq_beta_1"],
      missing: ["eq_zzzz_1"],
      base: { notes: "Changed by the isolation probe" },
      asker: "alphaReadWrite",
    },
    "equipments.update external_id": {
      foreign: ["EXT-BETA-2"],
      missing: ["EXT-ZZZZ"],
      base: { notes: "Changed by the isolation probe" },
      asker: "alphaReadWrite",
      beforeAsking: { id: "eq_beta_2", external_id: "EXT-BETA-2" },
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
    "equipments.retire id": {
      foreign: ["eq_beta_3"],
      missing: ["eq_zzzz_1"],
      base: {},
      asker: "alphaReadWrite",
    },
    "equipments.retire external_id": {
      foreign: ["EXT-BETA-0"],
      missing: ["EXT-ZZZZ"],
      base: {},
      asker: "alphaReadWrite",
      beforeAsking: { id: "eq_beta_0", external_id: "EXT-BETA-0" },
    },
    "schedules.set equipment_id": {
      foreign: ["eq_beta_1"],
      missing: ["eq_zzzz_1"],
      base: { schedule_id: "sch_isolation", interval: "P1Y" },
      asker: "alphaReadWrite",
    },
    "schedules.remove equipment_id": {
      foreign: ["eq_beta_2"],
      missing: ["eq_zzzz_1"],
      base: { schedule_id: "sch_alpha_a" },
      ownerBase: { schedule_id: "sch_beta_a" },
      asker: "alphaReadWrite",
    },
    "schedules.remove schedule_id": {
      foreign: ["sch_beta_b"],
      missing: ["sch_zzzz"],
      base: { equipment_id: "eq_alpha_1" },
      ownerBase: { equipment_id: "eq_beta_2" },
      asker: "alphaReadWrite",
    },
  };
}

/** A passed inspection's parameters beside the probed id, with the next date given (the fixture's schedules have no interval). */
function inspection(ids: object): object {
  return { ...ids, result: "passed", expiresOn: Date.now() + 400 * 86_400_000 };
}
