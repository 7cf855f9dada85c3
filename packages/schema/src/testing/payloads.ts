// Hand-written payloads for the agreement tests: each valid one must pass both zod
// and the published JSON Schema (ajv), each invalid one must fail both.
import type { SchemaName } from "../catalog.js";

const version = {
  creator_id: "u_1",
  created: 1700000000000,
  approvedOn: 1700000100000,
  version: "1.2.3",
  description: "First",
  type: "file",
};
const schedule = {
  schedule_id: "s_1",
  status: "expired",
  expiresOn: null,
  expiringOn: null,
  lastCompletedOn: null,
};
const equipment = {
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
};
const equipmentType = { id: "et_1", name: "Harness", metafields: [{ id: "mf_1", name: "Length (m)" }] };
const resource = {
  id: "r_1",
  title: "Ladder safety",
  created: 1700000000000,
  sequence: 3,
  category_id: "c_1",
  tags: [],
  shouldBeAvailableOffline: false,
  versions: [version],
};

/** One named case: a payload and whether the contract accepts it. */
export interface PayloadCase {
  schema: SchemaName;
  title: string;
  payload: unknown;
  valid: boolean;
}

const without = (record: Record<string, unknown>, key: string) => {
  const { [key]: _dropped, ...rest } = record;
  return rest;
};

/** Valid and invalid payloads for every record, envelope and method schema. */
export const payloadCases: PayloadCase[] = [
  { schema: "Version", title: "a complete version", payload: version, valid: true },
  {
    schema: "Version",
    title: "a version label that is not dotted numeric",
    payload: { ...version, version: "v1" },
    valid: false,
  },
  { schema: "Version", title: "a type other than file", payload: { ...version, type: "link" }, valid: false },
  { schema: "Version", title: "a fractional timestamp", payload: { ...version, created: 1.5 }, valid: false },
  { schema: "Version", title: "a missing approvedOn", payload: without(version, "approvedOn"), valid: false },
  { schema: "Resource", title: "a complete resource", payload: resource, valid: true },
  {
    schema: "Resource",
    title: "a resource with no versions",
    payload: { ...resource, versions: [] },
    valid: false,
  },
  { schema: "Resource", title: "a numeric id", payload: { ...resource, id: 7 }, valid: false },
  {
    schema: "Resource",
    title: "tags that are not strings",
    payload: { ...resource, tags: [1] },
    valid: false,
  },
  {
    schema: "Resource",
    title: "a field added by a later minor version",
    payload: { ...resource, color: "red" },
    valid: true,
  },
  { schema: "Schedule", title: "a never-completed schedule", payload: schedule, valid: true },
  {
    schema: "Schedule",
    title: "a completed schedule",
    payload: { ...schedule, status: "uptodate", expiresOn: 2, expiringOn: 1, lastCompletedOn: 0 },
    valid: true,
  },
  { schema: "Schedule", title: "an unknown status", payload: { ...schedule, status: "late" }, valid: false },
  {
    schema: "Schedule",
    title: "a date as a string",
    payload: { ...schedule, expiresOn: "2024-01-01" },
    valid: false,
  },
  {
    schema: "Schedule",
    title: "a missing expiringOn",
    payload: without(schedule, "expiringOn"),
    valid: false,
  },
  { schema: "Equipment", title: "an equipment without optional fields", payload: equipment, valid: true },
  {
    schema: "Equipment",
    title: "an equipment with every field and every metavalue kind",
    payload: {
      ...equipment,
      clients_id: ["cl_1"],
      title: "Harness",
      metavalues: { mf_1: 1.5, mf_2: "Petzl", mf_3: { item_ids: [1, 2] }, mf_4: null },
      status: "expired",
      schedules: [schedule],
    },
    valid: true,
  },
  {
    schema: "Equipment",
    title: "a metavalue of another kind",
    payload: { ...equipment, metavalues: { mf_1: true } },
    valid: false,
  },
  {
    schema: "Equipment",
    title: "item_ids that are not integers",
    payload: { ...equipment, metavalues: { mf_1: { item_ids: [1.5] } } },
    valid: false,
  },
  {
    schema: "Equipment",
    title: "isInService as a string",
    payload: { ...equipment, isInService: "true" },
    valid: false,
  },
  { schema: "Equipment", title: "a missing status", payload: without(equipment, "status"), valid: false },
  {
    schema: "Equipment",
    title: "fieldOffice_id as a string",
    payload: { ...equipment, fieldOffice_id: "fo_1" },
    valid: false,
  },
  {
    schema: "EquipmentSelection",
    title: "two selected fields",
    payload: { id: "eq_1", status: "expiring" },
    valid: true,
  },
  {
    schema: "EquipmentSelection",
    title: "a selected field of the wrong type",
    payload: { id: 1 },
    valid: false,
  },
  { schema: "User", title: "a user", payload: { id: "u_1", name: "Ada" }, valid: true },
  { schema: "User", title: "a user without a name", payload: { id: "u_1" }, valid: false },
  { schema: "Status", title: "expiring", payload: "expiring", valid: true },
  { schema: "Status", title: "an upper-case status", payload: "EXPIRED", valid: false },
  {
    schema: "ErrorResponse",
    title: "a failure with a description",
    payload: { ok: false, error: "token_invalid", description: "invalid token" },
    valid: true,
  },
  {
    schema: "ErrorResponse",
    // Every failure the service produces carries a description, so the schema requires it.
    title: "a failure without a description",
    payload: { ok: false, error: "server_error" },
    valid: false,
  },
  {
    schema: "ErrorResponse",
    title: "the variant invalid_token, which /v1 does not use",
    payload: { ok: false, error: "invalid_token", description: "invalid token" },
    valid: false,
  },
  { schema: "ErrorResponse", title: "ok true", payload: { ok: true, error: "server_error" }, valid: false },
  { schema: "resources.list.params", title: "a token", payload: { token: "t" }, valid: true },
  {
    schema: "resources.list.params",
    title: "pretty as a string",
    payload: { token: "t", pretty: "true" },
    valid: false,
  },
  {
    schema: "resources.list.params",
    title: "an unknown key",
    payload: { token: "t", sort: "title" },
    valid: false,
  },
  {
    schema: "resources.list.params",
    title: "a page",
    payload: { token: "t", limit: 1000, cursor: "c" },
    valid: true,
  },
  {
    schema: "resources.list.params",
    title: "a limit over 1000",
    payload: { token: "t", limit: 1001 },
    valid: false,
  },
  { schema: "resources.list.params", title: "a limit of 0", payload: { token: "t", limit: 0 }, valid: false },
  {
    schema: "resources.list.params",
    title: "a fractional limit",
    payload: { token: "t", limit: 1.5 },
    valid: false,
  },
  {
    schema: "resources.list.params",
    title: "an empty cursor",
    payload: { token: "t", cursor: "" },
    valid: false,
  },
  { schema: "resources.list.params", title: "an empty token", payload: { token: "" }, valid: false },
  {
    schema: "equipments.list.params",
    title: "every parameter",
    payload: {
      token: "t",
      equipmentType_id: "et",
      service_type: "all",
      columns: ["id", "status"],
      include_null_metavalues: true,
    },
    valid: true,
  },
  {
    schema: "equipments.list.params",
    title: "a status filter at an instant, in pages",
    payload: { token: "t", equipmentType_id: "et", status: ["expired", "expiring"], as_of: 0, limit: 5 },
    valid: true,
  },
  {
    schema: "equipments.list.params",
    title: "an unknown status",
    payload: { token: "t", equipmentType_id: "et", status: ["overdue"] },
    valid: false,
  },
  {
    schema: "equipments.list.params",
    title: "as_of as a date string",
    payload: { token: "t", equipmentType_id: "et", as_of: "2027-01-01" },
    valid: false,
  },
  {
    schema: "equipments.list.params",
    title: "a missing equipmentType_id",
    payload: { token: "t" },
    valid: false,
  },
  {
    schema: "equipments.list.params",
    title: "an unknown service_type",
    payload: { token: "t", equipmentType_id: "et", service_type: "both" },
    valid: false,
  },
  {
    schema: "equipments.list.params",
    title: "an unknown column",
    payload: { token: "t", equipmentType_id: "et", columns: ["colour"] },
    valid: false,
  },
  {
    schema: "equipments.list.params",
    title: "empty columns",
    payload: { token: "t", equipmentType_id: "et", columns: [] },
    valid: true,
  },
  { schema: "users.info.params", title: "a string id", payload: { token: "t", user: "u_1" }, valid: true },
  { schema: "users.info.params", title: "an integer id", payload: { token: "t", user: 42 }, valid: true },
  { schema: "users.info.params", title: "a fractional id", payload: { token: "t", user: 4.2 }, valid: false },
  { schema: "users.info.params", title: "a boolean id", payload: { token: "t", user: true }, valid: false },
  { schema: "users.info.params", title: "a negative id", payload: { token: "t", user: -1 }, valid: false },
  {
    schema: "resources.list.result",
    title: "an empty list",
    payload: { ok: true, resources: [] },
    valid: true,
  },
  { schema: "resources.list.result", title: "ok false", payload: { ok: false, resources: [] }, valid: false },
  {
    schema: "equipments.list.result",
    title: "one equipment",
    payload: { ok: true, equipments: [equipment] },
    valid: true,
  },
  {
    schema: "users.info.result",
    title: "a user",
    payload: { ok: true, user: { id: "1", name: "G" } },
    valid: true,
  },
  { schema: "users.info.result", title: "no user", payload: { ok: true }, valid: false },
  {
    schema: "resources.list.result",
    title: "the last page",
    payload: { ok: true, resources: [], response_metadata: { next_cursor: "" } },
    valid: true,
  },
  {
    schema: "resources.list.result",
    title: "metadata without next_cursor",
    payload: { ok: true, resources: [], response_metadata: {} },
    valid: false,
  },
  { schema: "equipmentTypes.list.params", title: "a token", payload: { token: "t" }, valid: true },
  {
    schema: "equipmentTypes.list.params",
    title: "a string limit",
    payload: { token: "t", limit: "5" },
    valid: false,
  },
  {
    schema: "equipmentTypes.list.result",
    title: "one type",
    payload: { ok: true, equipmentTypes: [equipmentType] },
    valid: true,
  },
  {
    schema: "equipmentTypes.list.result",
    title: "a type without metafields",
    payload: { ok: true, equipmentTypes: [{ id: "et_1", name: "Harness" }] },
    valid: false,
  },
  { schema: "EquipmentType", title: "a type", payload: equipmentType, valid: true },
  { schema: "EquipmentType", title: "an empty id", payload: { ...equipmentType, id: "" }, valid: false },
  { schema: "Metafield", title: "a metafield", payload: { id: "mf_1", name: "Length" }, valid: true },
  { schema: "Metafield", title: "a metafield without a name", payload: { id: "mf_1" }, valid: false },
  { schema: "ResponseMetadata", title: "the end", payload: { next_cursor: "" }, valid: true },
  { schema: "ResponseMetadata", title: "a numeric cursor", payload: { next_cursor: 1 }, valid: false },
  { schema: "Dataset", title: "an empty dataset", payload: {}, valid: true },
  {
    schema: "Dataset",
    title: "one of everything",
    payload: {
      accounts: [{ id: "acc_1", name: "Acme", active: true }],
      tokens: [{ token: "a-long-enough-secret", account_id: "acc_1", active: true, permissions: ["read"] }],
      users: [{ id: "u_1", account_id: "acc_1", name: "Ada" }],
      resources: [{ account_id: "acc_1", ...resource }],
      equipmentTypes: [
        { id: "et_1", account_id: "acc_1", name: "Harness", metafields: [{ id: "mf_1", name: "Length" }] },
      ],
      equipments: [
        {
          ...without(without(equipment, "status"), "schedules"),
          metavalues: { mf_1: 2 },
          schedules: [{ schedule_id: "s_1", expiresOn: 3, expiringOn: 2, lastCompletedOn: 1 }],
        },
      ],
    },
    valid: true,
  },
  {
    schema: "Dataset",
    title: "an equipment with a stored status",
    payload: { equipments: [{ ...equipment }] },
    valid: false,
  },
  {
    schema: "Dataset",
    title: "a null metavalue",
    payload: {
      equipments: [{ ...without(without(equipment, "status"), "schedules"), metavalues: { mf_1: null } }],
    },
    valid: false,
  },
  {
    schema: "Dataset",
    title: "a short token secret",
    payload: { tokens: [{ token: "short", account_id: "a" }] },
    valid: false,
  },
  { schema: "Dataset", title: "an unknown top-level list", payload: { equipment: [] }, valid: false },
];
