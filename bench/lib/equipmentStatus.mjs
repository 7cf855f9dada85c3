// The status rules as the schema states them (`scheduleStatusAt`, `equipmentStatusOf`
// of @wsafe/schema): the ceilings compute statuses in JavaScript the way any
// hand-written service would, and the validation workload turns dataset records into
// API records with them.
import { equipmentStatusOf, scheduleStatusAt } from "@wsafe/schema";

/**
 * A dataset equipment as `equipments.list` returns it with every field: the schedules
 * get their status, the record its overall status, fields in canonical order.
 *
 * @param {any} e - a dataset equipment
 * @param {number} now
 */
export function toApiEquipment(e, now) {
  const schedules = e.schedules.map((/** @type {any} */ s) => ({
    schedule_id: s.schedule_id,
    status: scheduleStatusAt(s, now),
    expiresOn: s.expiresOn,
    expiringOn: s.expiringOn,
    lastCompletedOn: s.lastCompletedOn,
  }));
  /** @type {Record<string, unknown>} */
  const out = {
    id: e.id,
    serialNumber: e.serialNumber,
    equipmentType_id: e.equipmentType_id,
    created: e.created,
    parent_id: e.parent_id,
    fieldOffice_id: e.fieldOffice_id,
    lineOfBusiness_id: e.lineOfBusiness_id,
  };
  if (e.clients_id) out.clients_id = e.clients_id;
  out.assignedUsers_id = e.assignedUsers_id;
  if (e.title != null) out.title = e.title;
  out.notes = e.notes;
  out.isInService = e.isInService;
  out.metavalues = e.metavalues;
  out.status = equipmentStatusOf(schedules.map((/** @type {{ status: string }} */ s) => s.status));
  out.schedules = schedules;
  return out;
}

export { equipmentStatusOf, scheduleStatusAt };
