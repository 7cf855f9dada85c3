import * as z from "zod";

/** The calendar parts of an ISO 8601 duration this contract uses: years, months, weeks, days. */
export interface CalendarDuration {
  years: number;
  months: number;
  weeks: number;
  days: number;
}

/** `P`, then at least one of years, months, weeks, days, each a whole number, in that order. */
const durationPattern = /^P(?!$)(?:(\d{1,4})Y)?(?:(\d{1,5})M)?(?:(\d{1,5})W)?(?:(\d{1,6})D)?$/;
/** {@link durationPattern} with a digit other than 0 somewhere: a duration longer than none. */
const positiveDurationPattern = /^P(?=.*[1-9])(?:\d{1,4}Y)?(?:\d{1,5}M)?(?:\d{1,5}W)?(?:\d{1,6}D)?$/;

/**
 * The parts of an ISO 8601 calendar duration (`P1Y`, `P6M`, `P2W`, `P30D`, `P1Y6M`), or
 * `undefined` when the text is not one: only years, months, weeks and days, as whole
 * numbers, in that order (no time part, no fraction, no sign).
 *
 * @param text - the duration as written
 * @example
 * parseDuration("P1Y6M"); // { years: 1, months: 6, weeks: 0, days: 0 }
 * parseDuration("PT12H"); // undefined
 */
export function parseDuration(text: string): CalendarDuration | undefined {
  const match = durationPattern.exec(text);
  if (!match) return undefined;
  const [, years, months, weeks, days] = match;
  return {
    years: Number(years ?? 0),
    months: Number(months ?? 0),
    weeks: Number(weeks ?? 0),
    days: Number(days ?? 0),
  };
}

const dayMs = 86_400_000;

/**
 * Midnight UTC of a day (month 0-11, a day past the month's end rolling over), for any
 * year: `Date.UTC` takes years 0-99 for 1900-1999.
 */
function utcDay(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}

/** The number of days of a month of a year (month 0-11), in the proleptic Gregorian calendar. */
const daysInMonth = (year: number, month: number) => new Date(utcDay(year, month + 1, 0)).getUTCDate();

/**
 * An instant moved by a calendar duration, in UTC: years and months first, keeping the
 * day of the month unless the month is shorter (31 January + `P1M` is the last day of
 * February), then weeks and days; the time of day stays. `sign` -1 moves back the same
 * way (31 March - `P1M` is the last day of February). What a schedule's `interval` and
 * `warning` mean.
 *
 * @param instant - ms since the Unix epoch
 * @param duration - the duration, as written or parsed
 * @param sign - 1 forward (default), -1 back
 * @example
 * addDuration(Date.UTC(2027, 0, 31), "P1M"); // Date.UTC(2027, 1, 28)
 * addDuration(Date.UTC(2027, 1, 28), "P30D", -1); // Date.UTC(2027, 0, 29)
 * @throws RangeError when `duration` is not a duration {@link parseDuration} reads
 */
export function addDuration(instant: number, duration: string | CalendarDuration, sign: 1 | -1 = 1): number {
  const parts = typeof duration === "string" ? parseDuration(duration) : duration;
  if (!parts) throw new RangeError(`not an ISO 8601 calendar duration: ${String(duration)}`);
  const date = new Date(instant);
  const timeOfDay = instant - utcDay(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const monthIndex =
    date.getUTCFullYear() * 12 + date.getUTCMonth() + sign * (parts.years * 12 + parts.months);
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const moved = utcDay(year, month, day) + timeOfDay;
  return moved + sign * (parts.weeks * 7 + parts.days) * dayMs;
}

/**
 * An ISO 8601 duration of whole calendar units, as a schedule's `interval` and `warning`
 * are written.
 *
 * @param description - what the duration is
 * @param positive - whether it must be longer than none (`P0D` refused)
 */
export function calendarDuration(description: string, positive: boolean) {
  return z
    .string()
    .regex(positive ? positiveDurationPattern : durationPattern, {
      error: `must be an ISO 8601 duration of years, months, weeks or days${positive ? " longer than none" : ""}, such as P1Y, P6M, P2W or P30D`,
    })
    .describe(
      `${description} An ISO 8601 duration of whole years, months, weeks and days (\`P1Y\`, \`P6M\`, \`P2W\`, \`P30D\`, \`P1Y6M\`), added in UTC: years and months first, a day past the end of the month going to its last day (31 January + \`P1M\` is the last day of February), then weeks and days.`,
    );
}
