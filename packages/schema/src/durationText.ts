/**
 * The units a duration is written in, largest first: the symbol the server's flags take
 * (`90d`, `36h`) and the name a sentence uses (`90 days`, `36 hours`).
 */
const units = [
  { symbol: "d", name: "day", ms: 86_400_000 },
  { symbol: "h", name: "hour", ms: 3_600_000 },
  { symbol: "m", name: "minute", ms: 60_000 },
  { symbol: "s", name: "second", ms: 1000 },
  { symbol: "ms", name: "millisecond", ms: 1 },
] as const;

type Unit = (typeof units)[number];

const [day, , , second, millisecond] = units;

/**
 * Whether `unit` may write `ms`: a day only from two days on, so one day is 24 hours
 * everywhere, as a schedule counted in hours reads on (`20h,24h`, not `20h,1d`).
 */
const fits = (unit: Unit, ms: number) => ms >= (unit === day ? 2 * day.ms : unit.ms);

/** The one rule: the largest unit that holds `ms` whole and {@link fits} it; nothing is 0 seconds. */
function wholeUnit(ms: number): Unit {
  if (ms === 0) return second;
  return units.find((unit) => ms % unit.ms === 0 && fits(unit, ms)) ?? millisecond;
}

const named = (count: number, unit: Unit) => `${count} ${unit.name}${count === 1 ? "" : "s"}`;

/**
 * A duration as the server's flags take it (`--events-retention 90d`), in the largest unit
 * that holds it whole, a day only from two days on: `--help`, the docs and the server write
 * defaults with it, so what they show is what the flag reads back.
 *
 * @param ms - a whole number of seconds, in milliseconds
 * @throws RangeError when `ms` is no whole number of seconds: no flag takes it
 * @example
 * durationText(90 * 86_400_000); // "90d"
 * durationText(86_400_000); // "24h"
 * durationText(5 * 60_000); // "5m"
 */
export function durationText(ms: number): string {
  const unit = wholeUnit(ms);
  if (unit === millisecond) throw new RangeError(`${ms} ms is no whole number of seconds`);
  return `${ms / unit.ms}${unit.symbol}`;
}

/**
 * A duration in words, by the rule of {@link durationText}: what an operator configured
 * (`--events-retention 2h`) said back as they wrote it, `2 hours`, where dividing by a
 * day said `0.08 days` (and 5 minutes, `0 days`).
 *
 * @param ms - a whole number of milliseconds
 * @example
 * durationWords(90 * 86_400_000); // "90 days"
 * durationWords(86_400_000); // "24 hours"
 * durationWords(60_000); // "1 minute"
 */
export function durationWords(ms: number): string {
  const unit = wholeUnit(ms);
  return named(ms / unit.ms, unit);
}

/**
 * A duration that no one unit says well (a sum, an estimate) in words, unit by unit, largest
 * first, by the units and the day of {@link durationWords}; a duration its largest unit
 * holds whole (`24 hours`, `90 days`) reads as `durationWords` reads it.
 *
 * @param ms - a whole number of milliseconds
 * @example
 * durationWordsInParts(99_305_000); // "27 hours 35 minutes 5 seconds"
 * durationWordsInParts(3 * 86_400_000 + 5_000); // "3 days 5 seconds"
 */
export function durationWordsInParts(ms: number): string {
  const parts: string[] = [];
  let rest = ms;
  for (const unit of units) {
    if (!fits(unit, rest)) continue;
    const count = Math.floor(rest / unit.ms);
    parts.push(named(count, unit));
    rest -= count * unit.ms;
  }
  return parts.join(" ") || named(0, second);
}
