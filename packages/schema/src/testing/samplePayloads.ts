// Sample records the payload cases start from: each valid as it stands.

/** A complete version. */
export const version = {
  creator_id: "u_1",
  created: 1700000000000,
  approvedOn: 1700000100000,
  version: "1.2.3",
  description: "First",
  type: "file",
};
/** A never-completed schedule. */
export const schedule = {
  schedule_id: "s_1",
  status: "expired",
  expiresOn: null,
  expiringOn: null,
  lastCompletedOn: null,
};
/** An equipment with no schedules. */
export const equipment = {
  id: "eq_1",
  serialNumber: "SN-1",
  equipmentType_id: "et_1",
  created: 1700000000000,
  parent_id: "",
  fieldOffice_id: ["fo_1"],
  lineOfBusiness_id: "lob_1",
  assignedUsers_id: [],
  notes: "",
  isInService: true,
  metavalues: {},
  status: "uptodate",
  schedules: [],
  version: 1,
};
/** A type with one metafield. */
export const equipmentType = {
  id: "et_1",
  name: "Harness",
  metafields: [{ id: "mf_1", name: "Length (m)" }],
};
/** A resource with one version. */
export const resource = {
  id: "r_1",
  title: "Ladder safety",
  created: 1700000000000,
  sequence: 3,
  category_id: "c_1",
  tags: [],
  shouldBeAvailableOffline: false,
  versions: [version],
};

/** `record` without `key`: a payload missing a required field. */
export const without = (record: Record<string, unknown>, key: string) => {
  const { [key]: _dropped, ...rest } = record;
  return rest;
};
