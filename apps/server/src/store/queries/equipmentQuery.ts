import { equipmentFields } from "@wsafe/schema";
import { equipmentRecordSql, schedulesCte } from "./equipmentRecordSql.js";
import { sqlParameters } from "./sqlParameters.js";

/**
 * Builds the statement of one equipment's record as `equipments.list` writes it (every
 * field, no null metavalues added, statuses computed at `now`), by its id: one row whose
 * `json` is the record's text, or none. The record is the same expression the list uses,
 * so the two cannot disagree.
 *
 * @param equipmentId - the equipment, known to be the caller's
 * @param now - the instant statuses are computed at (ms)
 */
export function equipmentQuery(equipmentId: string, now: number): { text: string; params: unknown[] } {
  const { params, param } = sqlParameters();
  const id = param(equipmentId, "text");
  const text = `WITH ${schedulesCte(param(String(now), "bigint"), `FROM schedules s WHERE s.equipment_id = ${id}`)}
SELECT ${equipmentRecordSql(equipmentFields, undefined)} AS json
  FROM equipments e LEFT JOIN sc ON sc.equipment_id = e.id
 WHERE e.id = ${id}`;
  return { text, params };
}
