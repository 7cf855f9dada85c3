import type { Dataset } from "@wsafe/schema";

const day = (ms: number) => new Date(ms).toISOString();

/**
 * The schedules whose `expiringOn` comes after their `expiresOn`, each as the line that
 * names it (`  equipment "eq_1", schedule "s_1": expiringOn ... is after expiresOn ...`).
 * A streamed import collects them batch by batch as it checks the file (it keeps no
 * dates otherwise); an import of a dataset in memory reads them all at once.
 *
 * @param equipments - checked equipment records
 * @returns one line per schedule out of order, in the records' order
 */
export function misorderedSchedules(equipments: readonly Dataset["equipments"][number][]): string[] {
  const found: string[] = [];
  for (const equipment of equipments)
    for (const schedule of equipment.schedules) {
      const { expiringOn, expiresOn } = schedule;
      if (expiringOn === null || expiresOn === null || expiringOn <= expiresOn) continue;
      found.push(
        `  equipment ${JSON.stringify(equipment.id)}, schedule ${JSON.stringify(schedule.schedule_id)}: expiringOn ${day(expiringOn)} is after expiresOn ${day(expiresOn)}`,
      );
    }
  return found;
}
