import {
  type DatasetEquipment,
  type EquipmentType,
  type MethodName,
  methods,
  type Resource,
} from "@wsafe/schema";

/** The fixture's two accounts. */
export type Owner = "a" | "b";

/** An equipment as the fixture stores it: the dataset's fields, its version and key. */
export type FixtureEquipment = DatasetEquipment & { version: number; external_id?: string };

/** What one account of the fixture holds. */
export interface AccountRecords {
  resources: Resource[];
  equipmentTypes: EquipmentType[];
  /** Stored equipment: dates only, statuses are computed when answering. */
  equipments: FixtureEquipment[];
  users: Record<string, string>;
}

const day = 24 * 3600 * 1000;

const firstSuccess = (method: MethodName) =>
  structuredClone(methods[method].examples.find((example) => example.response.ok)!.response) as Record<
    string,
    unknown
  >;

// Expiry of each harness's two schedules, in days from the server's start (null: never
// completed). Spread so that every status occurs now, and that statuses a year ago and a
// year ahead differ from today's: a page computed at the wrong instant shows.
const expiryDays: (number | null)[] = [-400, -100, -10, 10, 20, 100, 200, 500, null, 40];

/** The interval and warning of each schedule kind: the annual one has them, the pre-use check not. */
const durations: Record<string, { interval: string; warning: string }> = {
  sch_annual: { interval: "P1Y", warning: "P1M" },
};

function schedule(schedule_id: string, offset: number | null, now: number) {
  const more = durations[schedule_id] ?? {};
  if (offset === null)
    return { schedule_id, expiresOn: null, expiringOn: null, lastCompletedOn: null, ...more };
  const expiresOn = Math.floor((now + offset * day) / 1000) * 1000;
  return {
    schedule_id,
    expiresOn,
    expiringOn: expiresOn - 30 * day,
    lastCompletedOn: expiresOn - 365 * day,
    ...more,
  };
}

/** Ten harnesses made from the registry's example: two out of service, one without schedules. */
function harnesses(now: number): FixtureEquipment[] {
  const [example] = firstSuccess("equipments.list").equipments as Record<string, unknown>[];
  const { status: _status, schedules: _schedules, ...template } = example!;
  return expiryDays.map((offset, i) => {
    const number = String(i + 1).padStart(4, "0");
    return {
      ...(structuredClone(template) as Omit<FixtureEquipment, "schedules">),
      version: 1,
      id: `eq_h_${number}`,
      serialNumber: `HN-2024-${number}`,
      // The sixth shares the fifth's instant, so that ordering by id shows.
      created: 1717230000000 + (i === 5 ? 4 : i) * day,
      isInService: i % 4 !== 3,
      schedules:
        i === 6
          ? []
          : [schedule("sch_annual", offset, now), schedule("sch_preuse", expiryDays[(i + 4) % 10]!, now)],
    };
  });
}

/** Seven resources made from the registry's example, two sharing a sequence number. */
function resources(): Resource[] {
  const [example] = firstSuccess("resources.list").resources as Resource[];
  const sequences = [1, 2, 3, 3, 4, 5, 6];
  return sequences.map((sequence, i) => ({
    ...structuredClone(example!),
    ...(i === 0 ? {} : { id: `res_fixture_${String.fromCharCode(103 - i)}`, title: `Fixture resource ${i}` }),
    sequence,
  }));
}

function otherEquipment(i: number): FixtureEquipment {
  return {
    id: `eq_other_${i}`,
    serialNumber: `OT-${i}`,
    equipmentType_id: "et_other_account",
    created: 1717230000000 + i * day,
    parent_id: "",
    fieldOffice_id: [],
    lineOfBusiness_id: "",
    assignedUsers_id: ["u_other"],
    notes: "",
    isInService: true,
    metavalues: { mf_other: "x" },
    schedules: [],
    version: 1,
  };
}

/**
 * The records of the fixture's two accounts, long enough to read in pages: account `a`
 * has the registry's examples and more made from them; account `b` a few of its own.
 *
 * @param now - the instant the schedules' dates are arranged around (ms)
 */
export function fixtureRecords(now: number): Record<Owner, AccountRecords> {
  const types = firstSuccess("equipmentTypes.list").equipmentTypes as EquipmentType[];
  return {
    a: {
      resources: resources(),
      equipmentTypes: [
        ...types,
        // Those the example does not list already: an id twice would be two records.
        ...[
          {
            id: "et_harness",
            name: "Full body harness",
            metafields: [
              { id: "mf_length", name: "Length (m)" },
              { id: "mf_brand", name: "Brand" },
              { id: "mf_sites", name: "Sites" },
            ],
          },
          { id: "et_gas_detector", name: "Gas detector", metafields: [] },
          { id: "et_anchor", name: "Anchor point", metafields: [] },
        ].filter((extra) => !types.some((type) => type.id === extra.id)),
      ],
      equipments: harnesses(now),
      users: { u_ada: "Ada Lovelace" },
    },
    b: {
      resources: [{ ...resources()[0]!, id: "res_other_manual", title: "Another account's manual" }],
      equipmentTypes: [
        {
          id: "et_other_account",
          name: "Other account's scaffolds",
          metafields: [{ id: "mf_other", name: "Other" }],
        },
      ],
      equipments: [1, 2, 3].map(otherEquipment),
      users: { u_other: "Olive Other" },
    },
  };
}
