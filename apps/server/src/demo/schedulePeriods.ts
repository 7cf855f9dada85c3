/**
 * The period, in days, of each schedule the demo equipment follows.
 *
 * @example
 * schedulePeriods.sch_monthly; // 30
 */
export const schedulePeriods: Record<string, number> = { sch_annual: 365, sch_monthly: 30, sch_preuse: 7 };
