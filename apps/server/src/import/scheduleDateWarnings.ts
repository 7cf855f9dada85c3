import type { Dataset } from "@wsafe/schema";
import { misorderedSchedules } from "../store/dataset/misorderedSchedules.js";

/** How many schedules a warning lists by name; the rest are counted. */
const listed = 50;

/**
 * The warning for schedules whose `expiringOn` comes after their `expiresOn`: imported
 * as they are (the dataset format allows any two instants, and an import is all or
 * nothing), but such a schedule goes from `uptodate` straight to `expired` and is never
 * `expiring`, which is seldom what the file meant. Each is named, the first 50 listed.
 *
 * @param dataset - the records about to be imported, or the lines of
 *   {@link misorderedSchedules} a streamed check collected
 * @returns the lines to print on stderr; empty when every schedule is in order
 * @example
 * for (const line of scheduleDateWarnings(dataset)) process.stderr.write(`${line}\n`);
 */
export function scheduleDateWarnings(dataset: Pick<Dataset, "equipments"> | readonly string[]): string[] {
  const found = "equipments" in dataset ? misorderedSchedules(dataset.equipments) : dataset;
  if (found.length === 0) return [];
  const more = found.length > listed ? [`  ... and ${found.length - listed} more`] : [];
  const count = found.length === 1 ? "1 schedule starts" : `${found.length} schedules start`;
  return [
    `wsafe: warning: ${count} expiring after it expires (imported as written; each goes from uptodate straight to expired, never expiring):`,
    ...found.slice(0, listed),
    ...more,
  ];
}
