// Records the register's examples share: one harness bought on 1 December 2026 and
// entered through the API, as each write answers it. Dates in ms since the epoch (UTC).

/** When the examples' harness was created: 2026-12-01T09:00Z. */
export const harnessCreatedAt = 1796115600000;

/** Its annual schedule, carried over from the asset system: passed on 2026-11-28. */
export const harnessAnnual = {
  schedule_id: "sch_annual",
  status: "uptodate" as const,
  expiresOn: 1827360000000,
  expiringOn: 1822089600000,
  lastCompletedOn: 1795824000000,
  interval: "P1Y",
  warning: "P2M",
};

/** The harness as `equipments.create` answers it (version 1). */
export const createdHarness = {
  id: "eq_5c1e8a7d2b9f4036",
  external_id: "ERP-HN-0107",
  serialNumber: "HN-2026-0107",
  equipmentType_id: "et_harness",
  created: harnessCreatedAt,
  parent_id: "",
  fieldOffice_id: ["fo_east"],
  lineOfBusiness_id: "lob_construction",
  assignedUsers_id: ["u_ada"],
  title: "Full body harness #107",
  notes: "",
  isInService: true,
  metavalues: { mf_length: 1.5, mf_brand: "Petzl" },
  status: "uptodate" as const,
  schedules: [harnessAnnual],
  version: 1,
};

/** The write token of the demo data. */
export const writeToken = "wsafe-demo-token-write";
