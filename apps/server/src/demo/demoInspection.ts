/**
 * The schedule the demo's write `curl` line records an inspection of, and the docs'
 * recipe too: harness `eq_h_0001`'s pre-use check, which the demo data holds expired
 * whenever it is dated.
 */
export const demoInspection = { equipmentId: "eq_h_0001", scheduleId: "sch_preuse" } as const;
