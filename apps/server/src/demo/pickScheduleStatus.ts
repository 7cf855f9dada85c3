import type { Random } from "./createRandom.js";
import type { ScheduleStatus } from "./ScheduleStatus.js";

/**
 * Draws a schedule's status: 60 % up to date, 20 % expiring, 13 % expired, 7 % never done,
 * so that every status shows in a list of a few dozen.
 *
 * @example
 * pickScheduleStatus(createRandom(1)); // "uptodate"
 */
export function pickScheduleStatus(random: Random): ScheduleStatus {
  const roll = random.next();
  if (roll < 0.6) return "uptodate";
  if (roll < 0.8) return "expiring";
  if (roll < 0.93) return "expired";
  return "never";
}
