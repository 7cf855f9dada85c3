import * as z from "zod";
import { equipmentSchema } from "./equipment.js";
import { equipmentTypeSchema } from "./equipmentType.js";

/**
 * The event types of a change of the register's records (beside the status transitions):
 * one event per version of an equipment, and one per change of an equipment type. They
 * reach only a receiver that names them (`types` of `events.list`, `events.stream` and
 * `webhooks.create`): one that names no type gets the status types, as before they existed.
 */
export const recordEventTypeMeanings = {
  "equipment.created":
    "An equipment was added to the register (`equipments.create`, or an import naming a new id): `equipment` is the record as created (its `version` 1). Each version of an equipment has exactly one event: this one, `equipment.updated` or `equipment.retired`.",
  "equipment.updated":
    "An equipment's stored record changed, making a new `version`: a field, a metavalue or its type (`equipments.update`, an import), a schedule added, changed or removed (`schedules.set`, `schedules.remove`, an import) or its dates moved by an inspection (cause `inspection`). `equipment` is the record after the change, `previous_attributes` the changed fields as they were.",
  "equipment.retired":
    "An equipment left the register (`equipments.retire`): `equipment` is the record as it was when retired (its last `version`). Its inspections are kept; it is in no list any more, and `equipments.changes` reports its id with `equipment: null`.",
  "equipmentType.created":
    "An equipment type was made (`equipmentTypes.create`, or an import naming a new id): `equipmentType` is the type as made. The event has no `equipment_id`, and its `sequence` increases per equipment type.",
  "equipmentType.updated":
    "An equipment type's name or metafields changed (`equipmentTypes.update`, an import): `equipmentType` is the type after the change, `previous_attributes` the changed fields as they were. The event has no `equipment_id`, and its `sequence` increases per equipment type.",
} as const;

/**
 * The event types a receiver that names none gets (`types` omitted or empty): the status
 * transitions, every type that existed before the register's record events.
 */
export const defaultEventTypes = ["schedule.status_changed", "equipment.status_changed"] as const;

/** The cause of a change made through the register's write methods. */
export const apiCauseMeanings = {
  api: "A write through the API's register methods (`equipmentTypes.create`, `equipmentTypes.update`, `equipments.create`, `equipments.update`, `equipments.retire`, `schedules.set`, `schedules.remove`), at the instant it was made: the record events it made and every status transition it caused (a schedule added, removed or re-dated, an equipment moved to another type, put out of service or retired) are recorded with it, in the same transaction.",
} as const;

/**
 * The fields of an event of a record's change (`equipment.*`, `equipmentType.*`); absent
 * on the status transitions, whose `from` and `to` are null on these events.
 */
export const recordEventShape = {
  equipment: equipmentSchema
    .optional()
    .describe(
      "On `equipment.*` events only: the equipment after the change (as it was when retired, on `equipment.retired`), every field, statuses computed at `occurred_at`.",
    ),
  equipmentType: equipmentTypeSchema
    .optional()
    .describe("On `equipmentType.*` events only: the equipment type after the change."),
  previous_attributes: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      "On `equipment.updated` and `equipmentType.updated` only: each field of the record that the change set, with its value before (a whole `metavalues`, `schedules` or `metafields` when any of its entries changed); `null` for a field the record did not have (`title`, `clients_id`, `external_id`).",
    ),
};
