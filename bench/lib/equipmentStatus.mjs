// The status rules of decisions.md §3, in plain JavaScript: the ceilings compute
// statuses the way any hand-written service would, and the validation workload turns
// dataset records into API records with them.

const names = ["uptodate", "expiring", "expired"];

/**
 * Severity of one schedule at `now`: 0 uptodate, 1 expiring, 2 expired.
 *
 * @param {{ expiresOn: number | null, expiringOn: number | null, lastCompletedOn: number | null }} s
 * @param {number} now
 */
export function scheduleSeverity(s, now) {
  if (s.expiresOn == null || s.lastCompletedOn == null || now >= s.expiresOn) return 2;
  if (s.expiringOn != null && now >= s.expiringOn) return 1;
  return 0;
}

/** @param {number} severity */
export function statusName(severity) {
  return names[severity];
}

/**
 * A dataset equipment as `equipments.list` returns it with every field: the schedules
 * get their status, the record its overall status, fields in canonical order.
 *
 * @param {any} e - a dataset equipment
 * @param {number} now
 */
export function toApiEquipment(e, now) {
  let worst = 0;
  const schedules = e.schedules.map((/** @type {any} */ s) => {
    const severity = scheduleSeverity(s, now);
    worst = Math.max(worst, severity);
    return {
      schedule_id: s.schedule_id,
      status: statusName(severity),
      expiresOn: s.expiresOn,
      expiringOn: s.expiringOn,
      lastCompletedOn: s.lastCompletedOn,
    };
  });
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
  out.status = statusName(worst);
  out.schedules = schedules;
  return out;
}
