/**
 * The status a demo schedule is given at `now`: up to date, expiring soon, expired, or
 * never completed.
 *
 * @example
 * const status: ScheduleStatus = "expiring";
 */
export type ScheduleStatus = "uptodate" | "expiring" | "expired" | "never";
