/**
 * How many of `count` pieces of equipment each of the four demo types gets: the
 * harnesses' share, 40 % of the rest each to ladders and extinguishers, the remainder
 * to gas detectors (never negative, whatever the rounding).
 *
 * @example
 * equipmentCountsByType(3000, 0.5); // [1500, 600, 600, 300]
 */
export function equipmentCountsByType(count: number, harnessShare: number): number[] {
  const counts = [
    Math.round(count * harnessShare),
    Math.round(count * (1 - harnessShare) * 0.4),
    Math.round(count * (1 - harnessShare) * 0.4),
  ];
  counts.push(Math.max(0, count - counts[0]! - counts[1]! - counts[2]!));
  return counts;
}
