/**
 * The counts `wsafe import` prints on its last line (`imported 1 accounts, ..., 400000
 * events`), as an object; empty when no such line is among `lines` (an older server).
 *
 * @param {readonly string[]} lines - what the command printed, last lines last
 * @returns {Record<string, number>}
 * @example
 * importedCounts(["imported 2 equipments, 6 schedules, 8 events"]); // { equipments: 2, schedules: 6, events: 8 }
 */
export function importedCounts(lines) {
  const line = [...lines].reverse().find((text) => text.startsWith("imported "));
  if (!line) return {};
  /** @type {Record<string, number>} */
  const counts = {};
  for (const part of line.slice("imported ".length).split(",")) {
    const match = /^\s*(\d+) (\w+)\s*$/.exec(part);
    if (match) counts[match[2]] = Number(match[1]);
  }
  return counts;
}
