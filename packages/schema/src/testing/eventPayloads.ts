import type { PayloadCase } from "./PayloadCase.js";
import { equipment, equipmentType, without } from "./samplePayloads.js";

/** A recorded schedule event: every field set. */
const scheduleEvent = {
  id: "ev_5d41402abc4b2a76b9719d91",
  type: "schedule.status_changed",
  occurred_at: 1793491200000,
  cause: "time",
  expected: false,
  equipment_id: "eq_1",
  equipmentType_id: "et_1",
  schedule_id: "s_1",
  from: "uptodate",
  to: "expiring",
  sequence: 7,
};

/** An expected equipment event: no schedule, no sequence yet. */
const equipmentEvent = {
  ...without(scheduleEvent, "schedule_id"),
  type: "equipment.status_changed",
  expected: true,
  sequence: null,
};

/** Valid and invalid payloads of the event record and of `events.list`. */
export const eventPayloadCases: PayloadCase[] = [
  { schema: "Event", title: "a recorded schedule event", payload: scheduleEvent, valid: true },
  { schema: "Event", title: "an expected equipment event", payload: equipmentEvent, valid: true },
  {
    schema: "Event",
    title: "an equipment that first appears",
    payload: { ...equipmentEvent, cause: "import", expected: false, from: null, sequence: 1 },
    valid: true,
  },
  {
    schema: "Event",
    title: "an equipment updated through the API, with what it was",
    payload: {
      ...without(scheduleEvent, "schedule_id"),
      type: "equipment.updated",
      cause: "api",
      from: null,
      to: null,
      equipment: { ...equipment, isInService: false, version: 2 },
      previous_attributes: { isInService: true, title: null },
    },
    valid: true,
  },
  {
    schema: "Event",
    title: "an equipment type made, concerning no equipment",
    payload: {
      ...without(without(scheduleEvent, "schedule_id"), "equipment_id"),
      type: "equipmentType.created",
      cause: "api",
      from: null,
      to: null,
      equipmentType,
    },
    valid: true,
  },
  {
    schema: "Event",
    title: "a record event whose equipment lacks its version",
    payload: {
      ...without(scheduleEvent, "schedule_id"),
      type: "equipment.created",
      cause: "api",
      from: null,
      to: null,
      equipment: without(equipment, "version"),
    },
    valid: false,
  },
  { schema: "Event", title: "an unknown type", payload: { ...scheduleEvent, type: "x.y" }, valid: false },
  { schema: "Event", title: "an unknown cause", payload: { ...scheduleEvent, cause: "user" }, valid: false },
  { schema: "Event", title: "a status not of /v1", payload: { ...scheduleEvent, to: "due" }, valid: false },
  { schema: "Event", title: "a sequence of 0", payload: { ...scheduleEvent, sequence: 0 }, valid: false },
  { schema: "Event", title: "a missing sequence", payload: without(scheduleEvent, "sequence"), valid: false },
  {
    schema: "Event",
    title: "a fractional instant",
    payload: { ...scheduleEvent, occurred_at: 1.5 },
    valid: false,
  },
  { schema: "EventType", title: "a schedule event", payload: "schedule.status_changed", valid: true },
  { schema: "EventType", title: "a made-up type", payload: "equipment.deleted", valid: false },
  { schema: "EventType", title: "a record type", payload: "equipment.created", valid: true },
  { schema: "EventCause", title: "time", payload: "time", valid: true },
  { schema: "EventCause", title: "a made-up cause", payload: "user", valid: false },
  { schema: "events.list.params", title: "a window start", payload: { token: "t", from: 0 }, valid: true },
  {
    schema: "events.list.params",
    title: "every parameter",
    payload: {
      token: "t",
      from: 0,
      to: 1,
      equipmentType_id: "et",
      types: ["equipment.status_changed"],
      limit: 1000,
      cursor: "c",
    },
    valid: true,
  },
  { schema: "events.list.params", title: "no from", payload: { token: "t" }, valid: false },
  {
    schema: "events.list.params",
    title: "from as a date string",
    payload: { token: "t", from: "2026-01-01" },
    valid: false,
  },
  {
    schema: "events.list.params",
    title: "an unknown type",
    payload: { token: "t", from: 0, types: ["schedule.created"] },
    valid: false,
  },
  {
    schema: "events.list.params",
    title: "a limit over 1000",
    payload: { token: "t", from: 0, limit: 1001 },
    valid: false,
  },
  { schema: "events.stream.params", title: "a token", payload: { token: "t" }, valid: true },
  {
    schema: "events.stream.params",
    title: "resuming, filtered",
    payload: {
      token: "t",
      lastEventId: "ev_1",
      from: 0,
      equipmentType_id: "et",
      types: ["schedule.status_changed"],
    },
    valid: true,
  },
  {
    schema: "events.stream.params",
    title: "a lastEventId of null",
    payload: { token: "t", lastEventId: null },
    valid: true,
  },
  { schema: "events.stream.params", title: "a limit", payload: { token: "t", limit: 5 }, valid: false },
  {
    schema: "events.list.result",
    title: "a page",
    payload: { ok: true, events: [scheduleEvent, equipmentEvent], response_metadata: { next_cursor: "" } },
    valid: true,
  },
  {
    schema: "events.list.result",
    title: "a page without response_metadata",
    payload: { ok: true, events: [] },
    valid: false,
  },
];
