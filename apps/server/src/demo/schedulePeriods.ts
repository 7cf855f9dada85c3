/**
 * The period, in days, of each schedule the demo equipment follows.
 *
 * @example
 * schedulePeriods.sch_monthly; // 30
 */
export const schedulePeriods: Record<string, number> = { sch_annual: 365, sch_monthly: 30, sch_preuse: 7 };

/**
 * The `interval` and `warning` of each schedule the demo equipment follows: what an
 * inspection recorded through the API renews it by (a year, a month, a week), and how
 * long before its due date it counts as expiring (about a sixth of that, as the demo's
 * imported dates are arranged).
 *
 * @example
 * scheduleDurations.sch_preuse; // { interval: "P1W", warning: "P1D" }
 */
export const scheduleDurations: Record<string, { interval: string; warning: string }> = {
  sch_annual: { interval: "P1Y", warning: "P2M" },
  sch_monthly: { interval: "P1M", warning: "P5D" },
  sch_preuse: { interval: "P1W", warning: "P1D" },
};
