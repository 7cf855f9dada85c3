/**
 * One day in milliseconds: the demo's dates are whole days around `now`.
 *
 * @example
 * const nextWeek = now + 7 * DAY;
 */
export const DAY = 24 * 3600 * 1000;
