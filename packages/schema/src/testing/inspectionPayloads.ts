import type { PayloadCase } from "./PayloadCase.js";
import { equipment, schedule, without } from "./samplePayloads.js";

/** A passed inspection that moved the schedule's dates: every field set. */
const inspection = {
  id: "insp_3b9e0c1d7a2f4e68",
  equipment_id: "eq_1",
  equipmentType_id: "et_1",
  schedule_id: "s_1",
  serialNumber: "SN-1",
  result: "passed",
  performed_at: 1796029200000,
  recorded_at: 1796032800000,
  inspector_id: "u_1",
  notes: "Fine.",
  expiresOn: 1796634000000,
  expiringOn: 1796547600000,
};

/** The least `inspections.record` takes. */
const record = {
  token: "t",
  equipment_id: "eq_1",
  schedule_id: "s_1",
  result: "passed",
  inspector_id: "u_1",
};

/** Valid and invalid payloads of the inspection record, the schedule's durations and both methods. */
export const inspectionPayloadCases: PayloadCase[] = [
  { schema: "Inspection", title: "a passed inspection", payload: inspection, valid: true },
  {
    schema: "Inspection",
    title: "a late entry: no date moved, no notes",
    payload: { ...inspection, notes: null, expiresOn: null, expiringOn: null },
    valid: true,
  },
  {
    schema: "Inspection",
    title: "a result not of /v1",
    payload: { ...inspection, result: "ok" },
    valid: false,
  },
  {
    schema: "Inspection",
    title: "without its inspector",
    payload: without(inspection, "inspector_id"),
    valid: false,
  },
  {
    schema: "Inspection",
    title: "notes over 10 000 characters",
    payload: { ...inspection, notes: "x".repeat(10_001) },
    valid: false,
  },
  { schema: "InspectionResult", title: "failed", payload: "failed", valid: true },
  { schema: "InspectionResult", title: "a result not of /v1", payload: "partial", valid: false },
  {
    schema: "Schedule",
    title: "with an interval and a warning",
    payload: { ...schedule, interval: "P1Y6M", warning: "P30D" },
    valid: true,
  },
  {
    schema: "Schedule",
    title: "an interval with a time part",
    payload: { ...schedule, interval: "PT12H" },
    valid: false,
  },
  {
    schema: "Schedule",
    title: "an interval of nothing",
    payload: { ...schedule, interval: "P0D" },
    valid: false,
  },
  { schema: "Schedule", title: "a warning of none", payload: { ...schedule, warning: "P0D" }, valid: true },
  {
    schema: "Schedule",
    title: "a fractional warning",
    payload: { ...schedule, warning: "P1.5D" },
    valid: false,
  },
  {
    schema: "Schedule",
    title: "a duration without parts",
    payload: { ...schedule, warning: "P" },
    valid: false,
  },
  {
    schema: "Event",
    title: "an event of an inspection",
    payload: {
      id: "ev_1",
      type: "schedule.status_changed",
      occurred_at: 1796032800000,
      cause: "inspection",
      expected: false,
      equipment_id: "eq_1",
      equipmentType_id: "et_1",
      schedule_id: "s_1",
      from: "expired",
      to: "uptodate",
      inspection_id: "insp_3b9e0c1d7a2f4e68",
      sequence: 12,
    },
    valid: true,
  },
  {
    schema: "Dataset",
    title: "a schedule with an interval and a warning",
    payload: {
      equipments: [
        {
          ...without(without(without(equipment, "status"), "schedules"), "version"),
          schedules: [
            {
              schedule_id: "s_1",
              expiresOn: 3,
              expiringOn: 2,
              lastCompletedOn: 1,
              interval: "P1M",
              warning: "P5D",
            },
          ],
        },
      ],
    },
    valid: true,
  },
  {
    schema: "Dataset",
    title: "a schedule whose interval is a number of days",
    payload: {
      equipments: [
        {
          ...without(without(without(equipment, "status"), "schedules"), "version"),
          schedules: [{ schedule_id: "s_1", expiresOn: 3, expiringOn: 2, lastCompletedOn: 1, interval: 30 }],
        },
      ],
    },
    valid: false,
  },
  { schema: "inspections.record.params", title: "the least it takes", payload: record, valid: true },
  {
    schema: "inspections.record.params",
    title: "every parameter",
    payload: {
      ...record,
      performed_at: 1796029200000,
      notes: "Fine.",
      expiresOn: 1796634000000,
      expiringOn: 1796547600000,
      idempotency_key: "5f0c7a52-2b1e-4d8e-9a3c-6e1f0b7d2c44",
    },
    valid: true,
  },
  {
    schema: "inspections.record.params",
    title: "without a result",
    payload: without(record, "result"),
    valid: false,
  },
  {
    schema: "inspections.record.params",
    title: "a fractional performed_at",
    payload: { ...record, performed_at: 1.5 },
    valid: false,
  },
  {
    schema: "inspections.record.params",
    title: "a performed_at before the epoch",
    payload: { ...record, performed_at: -1 },
    valid: false,
  },
  {
    schema: "inspections.record.params",
    title: "an idempotency key of 256 characters",
    payload: { ...record, idempotency_key: "k".repeat(256) },
    valid: false,
  },
  {
    schema: "inspections.record.params",
    title: "an idempotency key with a line break",
    payload: { ...record, idempotency_key: "a\nb" },
    valid: false,
  },
  {
    schema: "inspections.record.params",
    title: "notes with a NUL character",
    payload: { ...record, notes: "a\u0000b" },
    valid: false,
  },
  {
    schema: "inspections.record.params",
    title: "an empty idempotency key",
    payload: { ...record, idempotency_key: "" },
    valid: false,
  },
  {
    schema: "inspections.record.result",
    title: "an inspection and its equipment",
    payload: { ok: true, inspection, equipment, late_entry: false },
    valid: true,
  },
  {
    schema: "inspections.record.result",
    title: "without late_entry",
    payload: { ok: true, inspection, equipment },
    valid: false,
  },
  {
    schema: "inspections.list.params",
    title: "every filter, in pages",
    payload: {
      token: "t",
      equipment_id: "eq_1",
      schedule_id: "s_1",
      equipmentType_id: "et_1",
      inspector_id: "u_1",
      from: 0,
      to: 1796029200000,
      limit: 10,
    },
    valid: true,
  },
  {
    schema: "inspections.list.params",
    title: "an empty equipment_id",
    payload: { token: "t", equipment_id: "" },
    valid: false,
  },
  {
    schema: "inspections.list.params",
    title: "a result filter, which it has not",
    payload: { token: "t", result: "failed" },
    valid: false,
  },
  {
    schema: "inspections.list.result",
    title: "a page",
    payload: { ok: true, inspections: [inspection], response_metadata: { next_cursor: "" } },
    valid: true,
  },
  {
    schema: "inspections.list.result",
    title: "without response_metadata",
    payload: { ok: true, inspections: [] },
    valid: false,
  },
];
