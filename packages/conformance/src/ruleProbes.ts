import type { MethodName } from "@wsafe/schema";
import { missingIdFor } from "./refusedProbes.js";

/**
 * A request that breaks a rule between parameters, or on the request's instant, that no
 * JSON Schema can say (`inspectionRecordProblem`, `inspectionsListProblem`,
 * `registerParamsProblem` of `@wsafe/schema`): the service must answer `parameter_invalid` naming `mentions`, before
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

/** An equipment and a type no deployment has: the register's rule probes look nothing up. */
const equipment_id = missingIdFor("eq_1");
const equipmentType_id = missingIdFor("et_1");

/**
 * The kit's rule probes, by method: those of inspections, and those of the register's
 * writes (`registerParamsProblem`), each checked before anything is looked up.
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
  "equipmentTypes.update": [
    {
      what: "a metafield id given twice",
      params: () => ({
        id: equipmentType_id,
        metafields: [
          { id: "mf_1", name: "One" },
          { id: "mf_1", name: "Two" },
        ],
      }),
      mentions: "metafields",
    },
  ],
  "equipments.create": [
    {
      what: "a schedule_id given twice",
      params: () => ({
        equipmentType_id,
        serialNumber: "CONFORMANCE-1",
        schedules: [1, 2].map(() => ({
          schedule_id: "sch_1",
          expiresOn: null,
          expiringOn: null,
          lastCompletedOn: null,
        })),
      }),
      mentions: "schedules",
    },
    {
      what: "a text holding U+0000",
      params: () => ({ equipmentType_id, serialNumber: "CONFORMANCE\u00001" }),
      mentions: "serialNumber",
    },
  ],
  "equipments.update": [
    {
      what: "external_id null without id",
      params: () => ({ external_id: null, notes: "conformance" }),
      mentions: "external_id",
    },
  ],
  "equipments.retire": [
    {
      what: "both id and external_id",
      params: () => ({ id: equipment_id, external_id: missingIdFor("ERP-1") }),
      mentions: "external_id",
    },
  ],
  "schedules.set": [
    {
      what: "expiringOn after expiresOn",
      params: (now) => ({
        equipment_id,
        schedule_id: "sch_1",
        expiresOn: now + 2 * hour,
        expiringOn: now + 3 * hour,
      }),
      mentions: "expiringOn",
    },
  ],
};
