import { durationWords } from "../durationText.js";
import { defaultEventsRetentionMs } from "./events.list.js";

/** The largest instant a JavaScript date holds: ±100 000 000 days from the epoch. */
const maxDateMs = 8.64e15;

/**
 * An instant for people and for code: ISO 8601, then the milliseconds the API takes; only
 * the milliseconds for an instant no calendar date can name.
 */
const instantText = (ms: number) =>
  Math.abs(ms) <= maxDateMs ? `${new Date(ms).toISOString()} (${ms})` : String(ms);

/** A window of `events.list` that cannot be answered: the parameter at fault and why. */
export interface EventsWindowProblem {
  parameter: "from" | "to";
  /** The `description` of the `parameter_invalid` it answers. */
  description: string;
}

/**
 * The rules of an `events.list` window that depend on the request's instant, which no
 * JSON Schema can say: `from` within the retention, and `to` (default: now) not before
 * `from`. The service answers `parameter_invalid` with this description; the fuzzer's
 * oracle expects it from this same rule.
 *
 * @param window - the request's `from` and `to`
 * @param now - the request's instant (ms)
 * @param retentionMs - how long the service keeps recorded events
 * @example
 * eventsWindowProblem({ from: 0 }, Date.now())?.parameter; // "from"
 */
export function eventsWindowProblem(
  window: { from: number; to?: number | undefined },
  now: number,
  retentionMs: number = defaultEventsRetentionMs,
): EventsWindowProblem | undefined {
  const oldest = now - retentionMs;
  if (window.from < oldest) {
    return {
      parameter: "from",
      description: `invalid parameter: from: events are kept for ${durationWords(retentionMs)}; the oldest instant kept is ${instantText(oldest)}`,
    };
  }
  const to = window.to ?? now;
  if (to < window.from) {
    const which = window.to === undefined ? "to (default: the request's instant)" : "to";
    return {
      parameter: "to",
      description: `invalid parameter: ${which}: ${instantText(to)} is before from, ${instantText(window.from)}`,
    };
  }
  return undefined;
}
