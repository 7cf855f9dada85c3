import type { Dataset } from "@wsafe/schema";

/** How many schedules a warning lists by name; the rest are counted. */
const listed = 50;

const day = (ms: number) => new Date(ms).toISOString();

/**
 * The warning for schedules whose `expiringOn` comes after their `expiresOn`: imported
 * as they are (the dataset format allows any two instants, and an import is all or
 * nothing), but such a schedule goes from `uptodate` straight to `expired` and is never
 * `expiring`, which is seldom what the file meant. Each is named, the first 50 listed.
 *
 * @param dataset - the records about to be imported
 * @returns the lines to print on stderr; empty when every schedule is in order
 * @example
 * for (const line of scheduleDateWarnings(dataset)) process.stderr.write(`${line}\n`);
 */
export function scheduleDateWarnings(dataset: Pick<Dataset, "equipments">): string[] {
  const found: string[] = [];
  for (const equipment of dataset.equipments)
    for (const schedule of equipment.schedules) {
      const { expiringOn, expiresOn } = schedule;
      if (expiringOn === null || expiresOn === null || expiringOn <= expiresOn) continue;
      found.push(
        `  equipment ${JSON.stringify(equipment.id)}, schedule ${JSON.stringify(schedule.schedule_id)}: expiringOn ${day(expiringOn)} is after expiresOn ${day(expiresOn)}`,
      );
    }
  if (found.length === 0) return [];
  const more = found.length > listed ? [`  ... and ${found.length - listed} more`] : [];
  const count = found.length === 1 ? "1 schedule starts" : `${found.length} schedules start`;
  return [
    `wsafe: warning: ${count} expiring after it expires (imported as written; each goes from uptodate straight to expired, never expiring):`,
    ...found.slice(0, listed),
    ...more,
  ];
}
