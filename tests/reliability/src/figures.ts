import { appendFileSync } from "node:fs";

/**
 * Records one figure of the run (requests tried, faults survived, records lost...) for
 * the summary the global teardown prints after every file has run. Each file also
 * prints its own lines; the summary puts the headline numbers in one place.
 *
 * @param name - what was counted, e.g. "fuzz: requests tried"
 * @param value - the figure
 */
export function recordFigure(name: string, value: string | number): void {
  const file = process.env.WSAFE_RELIABILITY_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value })}\n`);
}
