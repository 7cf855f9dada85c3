import type { MethodName } from "@wsafe/schema";
import { missingIdFor } from "./refusedProbes.js";

/**
 * A request that breaks a rule between parameters, or on the request's instant, that no
 * JSON Schema can say (`inspectionRecordProblem`, `inspectionsListProblem` of
 * `@wsafe/schema`): the service must answer `parameter_invalid` naming `mentions`, before
 * it looks anything up, so nothing is written.
 */
export interface RuleProbe {
  /** The rule broken, for the check's name. */
  readonly what: string;
  /** Request data, `token` left out, from the run's instant. */
  readonly params: (now: number) => Record<string, unknown>;
  readonly mentions: string;
}

const hour = 3_600_000;
/** Of an equipment no deployment has: were a rule not checked, the request would be refused anyway. */
const inspection = {
  equipment_id: missingIdFor("eq_1"),
  schedule_id: missingIdFor("sch_1"),
  result: "passed",
  inspector_id: missingIdFor("u_1"),
};

/**
 * The kit's rule probes, by method.
 *
 * @example
 * ruleProbes["inspections.list"]?.[0]?.mentions; // "schedule_id"
 */
export const ruleProbes: Partial<Record<MethodName, readonly RuleProbe[]>> = {
  "inspections.record": [
    {
      what: "performed_at an hour after the service's clock",
      params: (now) => ({ ...inspection, performed_at: now + hour }),
      mentions: "performed_at",
    },
    {
      what: "expiresOn not after performed_at",
      params: (now) => ({ ...inspection, performed_at: now - hour, expiresOn: now - hour }),
      mentions: "expiresOn",
    },
    {
      what: "expiringOn after expiresOn",
      params: (now) => ({ ...inspection, expiresOn: now + 2 * hour, expiringOn: now + 3 * hour }),
      mentions: "expiringOn",
    },
    {
      what: "a next due date on a failed inspection",
      params: (now) => ({ ...inspection, result: "failed", expiresOn: now + hour }),
      mentions: "expiresOn",
    },
  ],
  "inspections.list": [
    {
      what: "schedule_id without equipment_id",
      params: () => ({ schedule_id: "sch_annual" }),
      mentions: "schedule_id",
    },
    { what: "to before from", params: (now) => ({ from: now, to: now - hour }), mentions: "to" },
  ],
};
