import type { TypesSchedulesServer } from "./typesSchedulesScene.js";

/** An event of the register's suites, as they compare it. */
export interface WrittenEventRow {
  type: string;
  cause: string;
  equipment_id: string | null;
  schedule_id: string | null;
  from_status: string | null;
  to_status: string | null;
  // biome-ignore lint/suspicious/noExplicitAny: a record as the event carries it
  record: any;
  // biome-ignore lint/suspicious/noExplicitAny: the changed fields as they were
  previous_attributes: any;
}

/**
 * The events of cause `api` of one equipment, or of one equipment type when `typeId` is
 * given instead, in the order they were numbered.
 *
 * @param t - the suite's server
 * @param where - the equipment's id, or the type's
 */
export function apiEventsOf(
  t: TypesSchedulesServer,
  where: { equipmentId: string } | { typeId: string },
): Promise<WrittenEventRow[]> {
  const [column, value] =
    "equipmentId" in where ? ["equipment_id", where.equipmentId] : ["equipment_type_id", where.typeId];
  return t.query<WrittenEventRow>(
    `SELECT type, cause, equipment_id, schedule_id, from_status, to_status, record, previous_attributes
       FROM events WHERE ${column} = $1 AND cause = 'api' ORDER BY sequence`,
    [value],
  );
}

/** The stored `version` of an equipment. */
export async function storedVersion(t: TypesSchedulesServer, equipmentId: string): Promise<number> {
  const [row] = await t.query<{ version: number }>("SELECT version FROM equipments WHERE id = $1", [
    equipmentId,
  ]);
  return Number(row?.version);
}

/** What a status event says: its type, its schedule (`null`: the equipment's), from and to. */
export const statusPart = ({ type, schedule_id, from_status, to_status }: WrittenEventRow) => ({
  type,
  schedule_id,
  from_status,
  to_status,
});
