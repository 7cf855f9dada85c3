import type { DatasetInput, Equipment, Resource } from "@wsafe/schema";

const DAY = 24 * 3600 * 1000;

/** Tokens of the fixture dataset. */
export const fixtureTokens = {
  read: "fixture-token-read-000001",
  writeOnly: "fixture-token-write-only-01",
  other: "fixture-token-other-000001",
} as const;

/**
 * A small dataset whose every answer the tests can write down: ties in ordering,
 * missing optional fields, every status around `now`, another account's records.
 * Its ids never collide with the demo dataset's, so both can share a store.
 */
export function createFixture(now: number) {
  const future = now + 200 * DAY;
  const soon = now + 5 * DAY;
  const past = now - 3 * DAY;
  const sched = (schedule_id: string, kind: "uptodate" | "expiring" | "expired" | "never" | "noWarning") => {
    if (kind === "never") return { schedule_id, expiresOn: null, expiringOn: null, lastCompletedOn: null };
    if (kind === "noWarning")
      return { schedule_id, expiresOn: future, expiringOn: null, lastCompletedOn: now - 100 * DAY };
    const expiresOn = kind === "uptodate" ? future : kind === "expiring" ? soon : past;
    return {
      schedule_id,
      expiresOn,
      expiringOn: expiresOn - 30 * DAY,
      lastCompletedOn: expiresOn - 365 * DAY,
    };
  };
  const withStatus = (s: ReturnType<typeof sched>, status: Equipment["status"]) => ({
    schedule_id: s.schedule_id,
    status,
    expiresOn: s.expiresOn,
    expiringOn: s.expiringOn,
    lastCompletedOn: s.lastCompletedOn,
  });

  const e3s = [sched("s_b", "uptodate"), sched("s_a", "expiring")];
  const e2s = [sched("s_x", "never"), sched("s_y", "uptodate")];
  const e4s = [sched("s_1", "expiring"), sched("s_2", "expired")];
  const e5s = [sched("s_only", "noWarning")];

  const base = {
    equipmentType_id: "et_fix",
    parent_id: "",
    fieldOffice_id: ["fo_1"],
    lineOfBusiness_id: "lob_1",
    assignedUsers_id: ["u_fix_1"],
    notes: "",
  };
  const dataset = {
    accounts: [
      { id: "acc_fix", name: "Fixture Ltd" },
      { id: "acc_fix_other", name: "Fixture Other", active: true },
    ],
    tokens: [
      { token: fixtureTokens.read, account_id: "acc_fix" },
      { token: fixtureTokens.writeOnly, account_id: "acc_fix", permissions: ["write"] },
      { token: fixtureTokens.other, account_id: "acc_fix_other", permissions: ["read"] },
    ],
    users: [
      { id: "u_fix_1", account_id: "acc_fix", name: "Ada Fixture" },
      { id: "77", account_id: "acc_fix", name: "Numeric User" },
      { id: "u_fix_other", account_id: "acc_fix_other", name: "Other Person" },
    ],
    resources: [
      {
        account_id: "acc_fix",
        id: "r_b",
        title: "B",
        created: 10,
        sequence: 2,
        category_id: "c",
        tags: ["t"],
        shouldBeAvailableOffline: false,
        versions: [
          {
            creator_id: "u_fix_1",
            created: 300,
            approvedOn: 301,
            version: "1.1",
            description: "second",
            type: "file",
          },
          {
            creator_id: "77",
            created: 100,
            approvedOn: 101,
            version: "1.0",
            description: "first",
            type: "file",
          },
        ],
      },
      {
        account_id: "acc_fix",
        id: "r_a",
        title: "A",
        created: 20,
        sequence: 2,
        category_id: "c",
        tags: [],
        shouldBeAvailableOffline: true,
        versions: [
          { creator_id: "u_fix_1", created: 5, approvedOn: 6, version: "2", description: "", type: "file" },
        ],
      },
      {
        account_id: "acc_fix",
        id: "r_c",
        title: "C",
        created: 30,
        sequence: 1,
        category_id: "c2",
        tags: ["x", "y"],
        shouldBeAvailableOffline: false,
        versions: [
          {
            creator_id: "u_fix_1",
            created: 7,
            approvedOn: 8,
            version: "3.0.1",
            description: "d",
            type: "file",
          },
        ],
      },
      {
        account_id: "acc_fix_other",
        id: "r_other",
        title: "Other",
        created: 1,
        sequence: 0,
        category_id: "c",
        tags: [],
        shouldBeAvailableOffline: false,
        versions: [
          {
            creator_id: "u_fix_other",
            created: 1,
            approvedOn: 2,
            version: "1",
            description: "",
            type: "file",
          },
        ],
      },
    ],
    equipmentTypes: [
      {
        id: "et_fix",
        account_id: "acc_fix",
        name: "Fixture type",
        metafields: [
          { id: "mf_a", name: "A" },
          { id: "mf_b", name: "B" },
          { id: "mf_c", name: "C" },
        ],
      },
      { id: "et_fix_empty", account_id: "acc_fix", name: "Empty type" },
      {
        id: "et_fix_other",
        account_id: "acc_fix_other",
        name: "Other's type",
        metafields: [{ id: "mf_o", name: "O" }],
      },
    ],
    equipments: [
      {
        ...base,
        id: "e3",
        serialNumber: "S3",
        created: 1000,
        clients_id: ["cl_1", "cl_2"],
        title: "Third",
        notes: 'note "quoted" ünïcode',
        isInService: true,
        metavalues: { mf_a: 1.5, mf_c: { item_ids: [1, 2] } },
        schedules: e3s,
      },
      {
        ...base,
        id: "e1",
        serialNumber: "S1",
        created: 1000,
        isInService: true,
        metavalues: {},
        schedules: [],
      },
      {
        ...base,
        id: "e2",
        serialNumber: "S2",
        created: 500,
        parent_id: "e1",
        assignedUsers_id: [],
        isInService: false,
        metavalues: { mf_b: "x" },
        schedules: e2s,
      },
      {
        ...base,
        id: "e4",
        serialNumber: "S4",
        created: 2000,
        isInService: true,
        metavalues: { mf_b: 7 },
        schedules: e4s,
      },
      {
        ...base,
        id: "e5",
        serialNumber: "S5",
        created: 3000,
        title: "",
        isInService: false,
        metavalues: {},
        schedules: e5s,
      },
      {
        ...base,
        id: "e_other",
        serialNumber: "SO",
        equipmentType_id: "et_fix_other",
        created: 1,
        assignedUsers_id: ["u_fix_other"],
        isInService: true,
        metavalues: { mf_o: 1 },
        schedules: [],
      },
    ],
  } satisfies DatasetInput;

  const record = (
    e: (typeof dataset.equipments)[number],
    status: Equipment["status"],
    schedules: Equipment["schedules"],
  ): Equipment => {
    const r: Equipment = {
      id: e.id,
      serialNumber: e.serialNumber,
      equipmentType_id: e.equipmentType_id,
      created: e.created,
      parent_id: e.parent_id,
      fieldOffice_id: e.fieldOffice_id,
      lineOfBusiness_id: e.lineOfBusiness_id,
      assignedUsers_id: e.assignedUsers_id,
      notes: e.notes,
      isInService: e.isInService,
      metavalues: e.metavalues as Equipment["metavalues"],
      status,
      schedules,
    };
    if ("clients_id" in e) r.clients_id = e.clients_id;
    if ("title" in e) r.title = e.title;
    return r;
  };
  const [d3, d1, d2, d4, d5] = dataset.equipments;
  // Expected records of et_fix in (created, id) order, schedules by schedule_id.
  const equipments = {
    e2: record(d2!, "expired", [withStatus(e2s[0]!, "expired"), withStatus(e2s[1]!, "uptodate")]),
    e1: record(d1!, "uptodate", []),
    e3: record(d3!, "expiring", [withStatus(e3s[1]!, "expiring"), withStatus(e3s[0]!, "uptodate")]),
    e4: record(d4!, "expired", [withStatus(e4s[0]!, "expiring"), withStatus(e4s[1]!, "expired")]),
    e5: record(d5!, "uptodate", [withStatus(e5s[0]!, "uptodate")]),
  };
  const [rb, ra, rc] = dataset.resources;
  const strip = ({ account_id: _a, ...resource }: (typeof dataset.resources)[number]) => resource as Resource;
  const resources: Resource[] = [
    strip(rc!),
    strip(ra!),
    { ...strip(rb!), versions: [rb!.versions[1]!, rb!.versions[0]!] } as Resource,
  ];
  return { dataset, expected: { equipments, resources } };
}
