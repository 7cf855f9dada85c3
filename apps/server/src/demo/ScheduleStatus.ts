import type { Status } from "@wsafe/schema";

/**
 * The status a demo schedule is given at `now`: one of the contract's statuses (up to
 * date, expiring soon, expired), or never completed.
 *
 * @example
 * const status: ScheduleStatus = "expiring";
 */
export type ScheduleStatus = Status | "never";
