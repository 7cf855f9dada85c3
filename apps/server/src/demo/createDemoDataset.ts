import type { Dataset, DatasetEquipment } from "@wsafe/schema";

type DatasetResource = Dataset["resources"][number];

import { demoTokens } from "./demoTokens.js";

/** Options of {@link createDemoDataset}. */
export interface DemoDatasetOptions {
  /** Seed of the generator: the same seed, count and `now` give the same dataset. Default 1. */
  seed?: number;
  /** Equipment of the demo account, spread over its four types. Default 3000. */
  equipmentCount?: number;
  /** Share of {@link DemoDatasetOptions.equipmentCount} that are harnesses (`et_harness`). Default 0.5. */
  harnessShare?: number;
  /** The instant the statuses are arranged around (ms). Default: now. */
  now?: number;
}

const DAY = 24 * 3600 * 1000;

// mulberry32: small, fast and good enough to make test data that looks varied.
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

type Random = ReturnType<typeof createRandom>;

// Dates of one schedule arranged so that at `now` it has the wanted status.
function scheduleDates(
  random: Random,
  now: number,
  kind: "uptodate" | "expiring" | "expired" | "never",
  periodDays: number,
) {
  if (kind === "never") return { expiresOn: null, expiringOn: null, lastCompletedOn: null };
  const warning = Math.max(1, Math.round(periodDays / 6)) * DAY;
  let expiresOn: number;
  if (kind === "uptodate") expiresOn = now + warning + random.int(1, Math.max(2, periodDays)) * DAY;
  else if (kind === "expiring")
    expiresOn = now + random.int(1, Math.max(1, Math.floor(warning / DAY) - 1)) * DAY;
  else expiresOn = now - random.int(1, 200) * DAY;
  expiresOn = Math.floor(expiresOn / 1000) * 1000;
  return { expiresOn, expiringOn: expiresOn - warning, lastCompletedOn: expiresOn - periodDays * DAY };
}

function pickStatus(random: Random) {
  const roll = random.next();
  if (roll < 0.6) return "uptodate" as const;
  if (roll < 0.8) return "expiring" as const;
  if (roll < 0.93) return "expired" as const;
  return "never" as const;
}

const schedulePeriods: Record<string, number> = { sch_annual: 365, sch_monthly: 30, sch_preuse: 7 };

interface TypePlan {
  id: string;
  letter: string;
  serial: string;
  title: string;
  metafields: { id: string; name: string }[];
  value: (random: Random, metafield: string) => DatasetEquipment["metavalues"][string];
}

const demoTypes: TypePlan[] = [
  {
    id: "et_harness",
    letter: "h",
    serial: "HN",
    title: "Full body harness",
    metafields: [
      { id: "mf_length", name: "Length (m)" },
      { id: "mf_brand", name: "Brand" },
      { id: "mf_sites", name: "Sites" },
    ],
    value: (random, id) =>
      id === "mf_length"
        ? random.pick([1.5, 1.8, 2, 2.5])
        : id === "mf_brand"
          ? random.pick(["Petzl", "Miller", "3M", "MSA"])
          : { item_ids: [random.int(1, 5), random.int(6, 9)] },
  },
  {
    id: "et_ladder",
    letter: "l",
    serial: "LD",
    title: "Extension ladder",
    metafields: [
      { id: "mf_height", name: "Height (m)" },
      { id: "mf_material", name: "Material" },
    ],
    value: (random, id) =>
      id === "mf_height" ? random.pick([3, 4.5, 6, 8]) : random.pick(["aluminium", "fibreglass"]),
  },
  {
    id: "et_extinguisher",
    letter: "x",
    serial: "FX",
    title: "Fire extinguisher",
    metafields: [
      { id: "mf_agent", name: "Agent" },
      { id: "mf_capacity", name: "Capacity (kg)" },
    ],
    value: (random, id) =>
      id === "mf_agent" ? random.pick(["CO2", "powder", "foam"]) : random.pick([2, 6, 9]),
  },
  { id: "et_gas_detector", letter: "g", serial: "GD", title: "Gas detector", metafields: [], value: () => 0 },
];

/**
 * Makes the demo dataset: three accounts (one inactive), the {@link demoTokens}, users
 * (among them `u_ada` Ada Lovelace and `1042` Grace Hopper), resources with several
 * versions, equipment types with metafields (`et_harness`: `mf_length`, `mf_brand`,
 * `mf_sites`), and equipment with every status relative to `now`, some out of service,
 * some with a parent, some without `clients_id` or `title`. Deterministic for a seed.
 *
 * @param options - seed, size and clock
 * @example
 * const dataset = createDemoDataset({ equipmentCount: 50_000, harnessShare: 1, seed: 7 });
 */
export function createDemoDataset(options: DemoDatasetOptions = {}): Dataset {
  const random = createRandom(options.seed ?? 1);
  const now = options.now ?? Date.now();
  const count = options.equipmentCount ?? 3000;
  const harnessShare = options.harnessShare ?? 0.5;

  const users = [
    { id: "u_ada", account_id: "acc_demo", name: "Ada Lovelace" },
    { id: "1042", account_id: "acc_demo", name: "Grace Hopper" },
    { id: "u_katherine", account_id: "acc_demo", name: "Katherine Johnson" },
    { id: "u_alan", account_id: "acc_demo", name: "Alan Turing" },
    { id: "u_margaret", account_id: "acc_demo", name: "Margaret Hamilton" },
    { id: "u_edsger", account_id: "acc_demo", name: "Edsger Dijkstra" },
    { id: "u_other", account_id: "acc_other", name: "Olive Other" },
    { id: "u_closed", account_id: "acc_closed", name: "Clara Closed" },
  ];
  const demoUserIds = users.filter((u) => u.account_id === "acc_demo").map((u) => u.id);

  const resourceTitles = [
    ["res_fall_protection", "Fall protection procedure", "cat_procedures", ["height", "harness"]],
    ["res_ladder_use", "Safe use of ladders", "cat_procedures", ["height", "ladder"]],
    ["res_fire_plan", "Fire evacuation plan", "cat_emergency", ["fire"]],
    ["res_gas_alarm", "Gas alarm response", "cat_emergency", ["gas", "alarm"]],
    ["res_ppe_policy", "Personal protective equipment policy", "cat_policies", []],
    ["res_first_aid", "First aid kit checklist", "cat_checklists", ["first aid"]],
    ["res_toolbox_talk", "Toolbox talk: working at height", "cat_training", ["height", "training"]],
    ["res_incident_form", "Incident report form", "cat_forms", ["incident"]],
  ] as const;
  const resourceStart = now - 900 * DAY;
  const resources: DatasetResource[] = resourceTitles.map(([id, title, category, tags], index) => {
    const created = Math.floor((resourceStart + index * 17 * DAY) / 1000) * 1000;
    const versionCount = 1 + (index % 4);
    const versions = Array.from({ length: versionCount }, (_, v) => {
      const versionCreated = created + v * 45 * DAY;
      return {
        creator_id: random.pick(demoUserIds),
        created: versionCreated,
        approvedOn: versionCreated + random.int(1, 5) * DAY,
        version: v < 3 ? `1.${v}` : `2.${v - 3}`,
        description: v === 0 ? "First issue." : `Revision ${v}: updated after review.`,
        type: "file" as const,
      };
    });
    return {
      account_id: "acc_demo",
      id,
      title,
      created,
      // Two resources share a sequence number so that ordering by id shows.
      sequence: index === 3 ? 3 : index + 1,
      category_id: category,
      tags: [...tags],
      shouldBeAvailableOffline: index % 3 === 0,
      versions,
    };
  });
  resources.push({
    account_id: "acc_other",
    id: "res_other_manual",
    title: "Another account's manual",
    created: resourceStart,
    sequence: 1,
    category_id: "cat_other",
    tags: [],
    shouldBeAvailableOffline: false,
    versions: [
      {
        creator_id: "u_other",
        created: resourceStart,
        approvedOn: resourceStart + DAY,
        version: "1.0",
        description: "First issue.",
        type: "file",
      },
    ],
  });

  const equipmentTypes = [
    ...demoTypes.map((type) => ({
      id: type.id,
      account_id: "acc_demo",
      name: type.title,
      metafields: type.metafields,
    })),
    {
      id: "et_other_account",
      account_id: "acc_other",
      name: "Other account's scaffolds",
      metafields: [{ id: "mf_other", name: "Other" }],
    },
    { id: "et_closed", account_id: "acc_closed", name: "Closed account's tools", metafields: [] },
  ];

  const counts = [
    Math.round(count * harnessShare),
    Math.round(count * (1 - harnessShare) * 0.4),
    Math.round(count * (1 - harnessShare) * 0.4),
  ];
  counts.push(Math.max(0, count - counts[0]! - counts[1]! - counts[2]!));
  const width = Math.max(4, String(count).length);
  const equipments: DatasetEquipment[] = [];
  const start = now - 3 * 365 * DAY;
  demoTypes.forEach((type, typeIndex) => {
    const n = counts[typeIndex]!;
    const step = n > 0 ? Math.max(1, Math.floor((3 * 365 * DAY) / n)) : 1;
    for (let i = 0; i < n; i++) {
      const number = String(i + 1).padStart(width, "0");
      const id = `eq_${type.letter}_${number}`;
      const scheduleIds =
        type.id === "et_harness"
          ? random.chance(0.9)
            ? ["sch_annual", "sch_monthly", "sch_preuse"]
            : random.pick([[], ["sch_annual"], ["sch_annual", "sch_preuse"]])
          : random.pick([["sch_annual"], ["sch_annual", "sch_monthly"], ["sch_monthly"]]);
      const metavalues: DatasetEquipment["metavalues"] = {};
      for (const metafield of type.metafields) {
        if (random.chance(0.75)) metavalues[metafield.id] = type.value(random, metafield.id);
      }
      const equipment: DatasetEquipment = {
        id,
        serialNumber: `${type.serial}-${2020 + (i % 6)}-${number}`,
        equipmentType_id: type.id,
        // Every tenth record shares its instant with the previous one, so ordering by id shows.
        created: Math.floor((start + (i % 10 === 9 ? i - 1 : i) * step) / 1000) * 1000,
        parent_id:
          i > 10 && random.chance(0.15)
            ? `eq_${type.letter}_${String(random.int(1, i)).padStart(width, "0")}`
            : "",
        fieldOffice_id: [random.pick(["fo_north", "fo_south", "fo_east", "fo_west"])],
        lineOfBusiness_id: random.chance(0.9)
          ? random.pick(["lob_construction", "lob_maintenance", "lob_energy"])
          : "",
        assignedUsers_id: random.chance(0.8) ? [random.pick(demoUserIds)] : [],
        notes: random.chance(0.3)
          ? random.pick(["Kept in van 3.", "Check strap wear.", "Spare unit.", ""])
          : "",
        isInService: random.chance(0.85),
        metavalues,
        schedules: scheduleIds.map((schedule_id) => ({
          schedule_id,
          ...scheduleDates(random, now, pickStatus(random), schedulePeriods[schedule_id]!),
        })),
      };
      if (random.chance(0.7))
        equipment.clients_id = [random.pick(["cl_city", "cl_port", "cl_rail", "cl_school"])];
      if (random.chance(0.8)) equipment.title = `${type.title} #${i + 1}`;
      equipments.push(equipment);
    }
  });
  for (let i = 1; i <= 5; i++) {
    equipments.push({
      id: `eq_other_${i}`,
      serialNumber: `OT-${i}`,
      equipmentType_id: "et_other_account",
      created: start + i * DAY,
      parent_id: "",
      fieldOffice_id: [],
      lineOfBusiness_id: "",
      assignedUsers_id: ["u_other"],
      notes: "",
      isInService: true,
      metavalues: { mf_other: "x" },
      schedules: [],
    });
  }

  return {
    accounts: [
      { id: "acc_demo", name: "Demo Builders Ltd", active: true },
      { id: "acc_other", name: "Other Works Inc", active: true },
      { id: "acc_closed", name: "Closed Co", active: false },
    ],
    tokens: [
      { token: demoTokens.read, account_id: "acc_demo", active: true, permissions: ["read"] },
      { token: demoTokens.write, account_id: "acc_demo", active: true, permissions: ["read", "write"] },
      { token: demoTokens.revoked, account_id: "acc_demo", active: false, permissions: ["read"] },
      { token: demoTokens.inactiveAccount, account_id: "acc_closed", active: true, permissions: ["read"] },
      { token: demoTokens.otherAccount, account_id: "acc_other", active: true, permissions: ["read"] },
    ],
    users,
    resources,
    equipmentTypes,
    equipments,
  };
}
