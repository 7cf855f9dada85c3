// The data every big workload runs on: one account, one equipment type with a few
// metafields, and N equipment with three inspection schedules each, in the schema's
// Dataset format. Deterministic for a given seed and `now`, so two runs measure the
// same bytes; dates sit days away from `now`, so no status flips while a run lasts.

/** The read token of the benchmark account (the Dataset format wants 16+ characters). */
export const benchToken = "wsafe-bench-token-read";
/** The one equipment type of the benchmark account. */
export const benchEquipmentType = "et_bench";
/** The metafields of that type; each equipment sets some of them. */
export const benchMetafields = [
  { id: "mf_capacity", name: "Capacity (kg)" },
  { id: "mf_colour", name: "Colour" },
  { id: "mf_length", name: "Length (m)" },
  { id: "mf_parts", name: "Parts" },
];

const DAY = 86_400_000;

/** A small, fast, seedable generator (mulberry32): the same seed gives the same data. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One schedule's dates: a mix of up-to-date, expiring, expired and never completed.
 *
 * @param {() => number} random
 * @param {number} now
 * @param {number} index - the schedule's position (its id)
 */
function scheduleDates(random, now, index) {
  const roll = random();
  const schedule_id = `sch_${index + 1}`;
  if (roll < 0.05) return { schedule_id, expiresOn: null, expiringOn: null, lastCompletedOn: null };
  const completed = now - Math.floor(random() * 300) * DAY - DAY;
  if (roll < 0.2)
    return { schedule_id, expiresOn: now - 3 * DAY, expiringOn: now - 30 * DAY, lastCompletedOn: completed };
  if (roll < 0.35)
    return { schedule_id, expiresOn: now + 5 * DAY, expiringOn: now - 5 * DAY, lastCompletedOn: completed };
  const expiresOn = now + (30 + Math.floor(random() * 300)) * DAY;
  return { schedule_id, expiresOn, expiringOn: expiresOn - 30 * DAY, lastCompletedOn: completed };
}

/**
 * The benchmark's equipment, one at a time, so that a million of them can be written to
 * a file without being held: the same sequence `benchDataset` lists.
 *
 * @param {{ equipmentCount: number, seed?: number, now?: number, schedules?: number }} options
 *   `schedules`: per equipment (3)
 * @returns {Generator<any>}
 */
export function* benchEquipments({ equipmentCount, seed = 7, now = Date.now(), schedules = 3 }) {
  const random = seededRandom(seed);
  const start = now - 3 * 365 * DAY;
  const scheduleIndexes = Array.from({ length: schedules }, (_, s) => s);
  for (let i = 0; i < equipmentCount; i++) {
    const n = String(i + 1).padStart(6, "0");
    const metavalues = {};
    if (random() < 0.8) metavalues.mf_capacity = 100 + Math.floor(random() * 50);
    if (random() < 0.7) metavalues.mf_colour = ["orange", "yellow", "blue", "red"][Math.floor(random() * 4)];
    if (random() < 0.5) metavalues.mf_length = Math.round(random() * 200) / 10;
    if (random() < 0.3)
      metavalues.mf_parts = { item_ids: [1 + Math.floor(random() * 9), 10 + Math.floor(random() * 9)] };
    /** @type {Record<string, unknown>} */
    const equipment = {
      id: `eq_${n}`,
      serialNumber: `SN-${n}-${Math.floor(random() * 1e6)}`,
      equipmentType_id: benchEquipmentType,
      // Several equipment share an instant now and then, so the `id` tie-break is exercised.
      created: start + Math.floor(i / 3) * 60_000,
      parent_id: i % 10 === 0 ? "" : `eq_${String(i - (i % 10) + 1).padStart(6, "0")}`,
      fieldOffice_id: [`fo_${1 + (i % 7)}`],
      lineOfBusiness_id: i % 4 === 0 ? "" : `lob_${1 + (i % 3)}`,
    };
    if (i % 3 === 0) equipment.clients_id = [`cl_${1 + (i % 11)}`, `cl_${12 + (i % 5)}`];
    equipment.assignedUsers_id = [`u_bench_${(i % 12) + 1}`];
    if (i % 2 === 0) equipment.title = `Full-body harness #${i + 1}`;
    equipment.notes = i % 5 === 0 ? "Inspected after a fall arrest; webbing replaced." : "";
    equipment.isInService = i % 10 !== 9;
    equipment.metavalues = metavalues;
    equipment.schedules = scheduleIndexes.map((s) => scheduleDates(random, now, s));
    yield equipment;
  }
}

/**
 * Builds the benchmark dataset.
 *
 * @param {{ equipmentCount: number, seed?: number, now?: number, schedules?: number }} options
 * @returns {{ accounts: object[], tokens: object[], users: object[], equipmentTypes: object[], equipments: any[] }}
 */
export function benchDataset({ equipmentCount, seed = 7, now = Date.now(), schedules = 3 }) {
  const users = Array.from({ length: 12 }, (_, i) => ({
    id: `u_bench_${i + 1}`,
    account_id: "acc_bench",
    name: `Inspector ${i + 1}`,
  }));
  const equipments = [...benchEquipments({ equipmentCount, seed, now, schedules })];
  return {
    accounts: [{ id: "acc_bench", name: "Bench Safety Ltd", active: true }],
    tokens: [{ token: benchToken, account_id: "acc_bench", active: true, permissions: ["read"] }],
    users,
    equipmentTypes: [
      {
        id: benchEquipmentType,
        account_id: "acc_bench",
        name: "Full-body harness",
        metafields: benchMetafields,
      },
    ],
    equipments,
  };
}
