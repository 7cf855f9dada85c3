// The equipment whose timeline the Events page draws: one of the demo data dated at
// `exampleInstant`, as `createDemoDataset({ now: exampleInstant })` makes it. The site is
// built without a server, so its dates are written here; test/eventsExamples.test.ts
// reads them back from `equipments.list` of a server holding that data.
import type { ScheduleDates } from "@wsafe/schema";

/** An equipment with the stored dates of its schedules: what its statuses follow from. */
export interface TimelineEquipment {
  id: string;
  serialNumber: string;
  equipmentType_id: string;
  schedules: readonly ScheduleDates[];
}

/**
 * `eq_g_0065`, a gas detector with an annual and a monthly inspection, chosen because
 * its four dates fall within ten weeks of the examples' instant and interleave: two of
 * them change the equipment's overall status and two do not.
 */
export const timelineEquipment: TimelineEquipment = {
  id: "eq_g_0065",
  serialNumber: "GD-2024-0065",
  equipmentType_id: "et_gas_detector",
  schedules: [
    {
      schedule_id: "sch_annual",
      expiresOn: 1801958400000,
      expiringOn: 1796688000000,
      lastCompletedOn: 1770422400000,
      interval: "P1Y",
      warning: "P2M",
    },
    {
      schedule_id: "sch_monthly",
      expiresOn: 1798588800000,
      expiringOn: 1798156800000,
      lastCompletedOn: 1795996800000,
      interval: "P1M",
      warning: "P5D",
    },
  ],
};
