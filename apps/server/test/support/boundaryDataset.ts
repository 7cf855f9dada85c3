import type { DatasetInput, Status } from "@wsafe/schema";
import { plainEquipment } from "@wsafe/test-support";

const DAY = 24 * 3600 * 1000;

/** `expiringOn` of the boundary schedules: 2030-01-01T00:00:00Z. */
export const EXPIRING_ON = 1_893_456_000_000;
/** `expiresOn` of the boundary schedules, ten days later. */
export const EXPIRES_ON = EXPIRING_ON + 10 * DAY;
const COMPLETED = EXPIRING_ON - 355 * DAY;
/** Where the schedule `later` of `eq_two` expires. */
const LATER_EXPIRES_ON = EXPIRES_ON + 10 * DAY;

/** The token of the boundary account. */
export const boundaryToken = "boundary-token-read-000001";
/** The equipment type every boundary equipment has. */
export const boundaryType = "et_boundary";

/**
 * The instants the boundary suite evaluates at, each a millisecond apart from a rule's
 * edge: one before `expiringOn`, at it, one before `expiresOn`, at it.
 */
export const boundaryInstants = [
  { name: "expiringOn - 1 ms", at: EXPIRING_ON - 1 },
  { name: "expiringOn", at: EXPIRING_ON },
  { name: "expiresOn - 1 ms", at: EXPIRES_ON - 1 },
  { name: "expiresOn", at: EXPIRES_ON },
] as const;

type Dates = { expiresOn: number | null; expiringOn: number | null; lastCompletedOn: number | null };
const both: Dates = { expiresOn: EXPIRES_ON, expiringOn: EXPIRING_ON, lastCompletedOn: COMPLETED };

/**
 * Each boundary equipment: its schedules (by id, in `schedule_id` order) and, at each
 * of {@link boundaryInstants} in order, the status of each schedule and of the
 * equipment. The statuses are written out by hand from the rules the schema states, not
 * computed: this table is what the contract says at its edges.
 */
export const boundaryEquipments: Record<
  string,
  {
    schedules: Record<string, Dates>;
    /** Per instant: [equipment status, ...schedule statuses in schedule_id order]. */
    statuses: readonly (readonly Status[])[];
  }
> = {
  // Both dates set: each rule takes over exactly at its date.
  eq_both: {
    schedules: { annual: both },
    statuses: [
      ["uptodate", "uptodate"],
      ["expiring", "expiring"],
      ["expiring", "expiring"],
      ["expired", "expired"],
    ],
  },
  // No schedules: uptodate at every instant.
  eq_none: {
    schedules: {},
    statuses: [["uptodate"], ["uptodate"], ["uptodate"], ["uptodate"]],
  },
  // A null expiresOn: expired whatever the instant.
  eq_null_expires: {
    schedules: { annual: { ...both, expiresOn: null } },
    statuses: [
      ["expired", "expired"],
      ["expired", "expired"],
      ["expired", "expired"],
      ["expired", "expired"],
    ],
  },
  // Never completed: expired whatever the instant.
  eq_null_completed: {
    schedules: { annual: { ...both, lastCompletedOn: null } },
    statuses: [
      ["expired", "expired"],
      ["expired", "expired"],
      ["expired", "expired"],
      ["expired", "expired"],
    ],
  },
  // A null expiringOn is never reached: uptodate until expiresOn, then expired.
  eq_null_expiring: {
    schedules: { annual: { ...both, expiringOn: null } },
    statuses: [
      ["uptodate", "uptodate"],
      ["uptodate", "uptodate"],
      ["uptodate", "uptodate"],
      ["expired", "expired"],
    ],
  },
  // Every date null.
  eq_all_null: {
    schedules: { annual: { expiresOn: null, expiringOn: null, lastCompletedOn: null } },
    statuses: [
      ["expired", "expired"],
      ["expired", "expired"],
      ["expired", "expired"],
      ["expired", "expired"],
    ],
  },
  // expiringOn equal to expiresOn: at that instant the expired rule, listed first, wins.
  eq_same_instant: {
    schedules: { annual: { ...both, expiringOn: EXPIRES_ON } },
    statuses: [
      ["uptodate", "uptodate"],
      ["uptodate", "uptodate"],
      ["uptodate", "uptodate"],
      ["expired", "expired"],
    ],
  },
  // Two schedules, the second turning expiring the instant the first expires: the
  // equipment takes the most severe of them at every instant.
  eq_two: {
    schedules: {
      annual: both,
      later: { expiresOn: LATER_EXPIRES_ON, expiringOn: EXPIRES_ON, lastCompletedOn: COMPLETED },
    },
    statuses: [
      ["uptodate", "uptodate", "uptodate"],
      ["expiring", "expiring", "uptodate"],
      ["expiring", "expiring", "uptodate"],
      ["expired", "expired", "expiring"],
    ],
  },
};

/** The boundary equipment ids, in list order (`created`, then `id`). */
export const boundaryIds = Object.keys(boundaryEquipments);

/** The boundary account, its token and its equipment, as a dataset. */
export function createBoundaryDataset(): DatasetInput {
  return {
    accounts: [{ id: "acc_boundary", name: "Boundary Ltd" }],
    tokens: [{ token: boundaryToken, account_id: "acc_boundary" }],
    equipmentTypes: [{ id: boundaryType, account_id: "acc_boundary", name: "Boundary type" }],
    // `created` distinct and increasing: the list order is the table's.
    equipments: boundaryIds.map((id, index) =>
      plainEquipment(id, boundaryType, 1_000 + index, {
        serialNumber: `SN-${id}`,
        schedules: Object.entries(boundaryEquipments[id]!.schedules).map(([schedule_id, dates]) => ({
          schedule_id,
          ...dates,
        })),
      }),
    ),
  };
}

/**
 * The records `equipments.list` must answer with `columns: ["id", "status", "schedules"]`
 * at the `index`th of {@link boundaryInstants}.
 */
export function expectedBoundaryRecords(index: number) {
  return boundaryIds.map((id) => {
    const { schedules, statuses } = boundaryEquipments[id]!;
    const [status, ...scheduleStatuses] = statuses[index]!;
    return {
      id,
      status,
      schedules: Object.entries(schedules).map(([schedule_id, dates], at) => ({
        schedule_id,
        status: scheduleStatuses[at],
        ...dates,
      })),
    };
  });
}
