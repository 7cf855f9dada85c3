import { equipmentStatusOf, scheduleStatusAt } from "@wsafe/schema";
import { plainEquipment } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "./benchDataset.mjs";
import { compareEventSets } from "./compareEventSets.mjs";
import { eventKey, eventsPeerSql } from "./eventsPeerSql.mjs";

// The peer is held to the contract, not to the server: on random schedules its rows must
// be the transitions that the schema's own status functions give, evaluated in JavaScript
// just before and at every date of the window. Dates fall on a coarse grid, so that
// several schedules of one equipment often share an instant, and some are null, out of
// order or missing their lastCompletedOn.
const HOUR = 3_600_000;
const base = Date.UTC(2026, 11, 1);

/** @param {() => number} random */
function randomSchedule(random, /** @type {number} */ index) {
  const at = () => base + Math.floor(random() * 48) * HOUR;
  const roll = random();
  const schedule_id = `s_${index}`;
  if (roll < 0.1) return { schedule_id, expiresOn: null, expiringOn: null, lastCompletedOn: null };
  const expiresOn = at();
  if (roll < 0.2) return { schedule_id, expiresOn, expiringOn: null, lastCompletedOn: base - HOUR };
  if (roll < 0.3) return { schedule_id, expiresOn, expiringOn: expiresOn - 5 * HOUR, lastCompletedOn: null };
  // Now and then an expiringOn after expiresOn: the rules still say what each instant is.
  return {
    schedule_id,
    expiresOn,
    expiringOn: roll < 0.35 ? expiresOn + HOUR : at(),
    lastCompletedOn: base - HOUR,
  };
}

function randomDataset(/** @type {number} */ seed) {
  const random = seededRandom(seed);
  const equipments = [];
  for (let i = 0; i < 120; i++) {
    const type = i % 4 === 3 ? "et_other" : "et_mine";
    const count = Math.floor(random() * 4);
    equipments.push(
      plainEquipment(`eq_${i}`, type, base - i, {
        metavalues: {},
        schedules: Array.from({ length: count }, (_, s) => randomSchedule(random, s)),
      }),
    );
  }
  return {
    accounts: [
      { id: "acc_mine", name: "Mine", active: true },
      { id: "acc_other", name: "Other", active: true },
    ],
    tokens: [],
    users: [],
    resources: [],
    equipmentTypes: [
      { id: "et_mine", account_id: "acc_mine", name: "Harness", metafields: [] },
      { id: "et_other", account_id: "acc_other", name: "Harness", metafields: [] },
    ],
    equipments,
  };
}

/** The transitions of one account in [from, to], by the schema's status functions. */
function referenceTransitions(/** @type {any} */ dataset, /** @type {string} */ account, from, to) {
  const accountOf = new Map(dataset.equipmentTypes.map((/** @type {any} */ t) => [t.id, t.account_id]));
  const events = [];
  for (const e of dataset.equipments) {
    if (accountOf.get(e.equipmentType_id) !== account) continue;
    const instants = new Set(
      e.schedules
        .flatMap((/** @type {any} */ s) => [s.expiringOn, s.expiresOn])
        .filter((/** @type {number | null} */ d) => d !== null && d >= from && d <= to),
    );
    for (const at of instants) {
      const before = e.schedules.map((/** @type {any} */ s) => scheduleStatusAt(s, at - 1));
      const after = e.schedules.map((/** @type {any} */ s) => scheduleStatusAt(s, at));
      const base = { occurred_at: at, equipment_id: e.id };
      e.schedules.forEach((/** @type {any} */ s, /** @type {number} */ i) => {
        if (before[i] !== after[i])
          events.push({
            ...base,
            type: "schedule.status_changed",
            schedule_id: s.schedule_id,
            from: before[i],
            to: after[i],
          });
      });
      const [was, is] = [equipmentStatusOf(before), equipmentStatusOf(after)];
      if (was !== is) events.push({ ...base, type: "equipment.status_changed", from: was, to: is });
    }
  }
  return events;
}

describe("eventsPeerSql", () => {
  /** @type {any} */
  let store;
  const dataset = randomDataset(29);
  beforeAll(async () => {
    const { importDataset, openStore } = await import("@wsafe/server");
    store = await openStore("memory://");
    await importDataset(store, dataset);
  }, 120_000);
  afterAll(async () => store?.close());

  describe.each([false, true])("with perDate %s", (perDate) => {
    it.each([
      ["the whole grid", base - HOUR, base + 50 * HOUR],
      ["a window starting and ending on dates", base + 10 * HOUR, base + 20 * HOUR],
      ["one instant", base + 24 * HOUR, base + 24 * HOUR],
    ])("gives the transitions the schema's status rules give: %s", async (_, from, to) => {
      const expected = referenceTransitions(dataset, "acc_mine", from, to);
      const rows = await store.sql.query(eventsPeerSql({ perDate }), [from, to, "acc_mine"]);
      expect(expected.length).toBeGreaterThan(0);
      expect(compareEventSets(expected, rows)).toMatchObject({ same: true, onlyWsafe: 0, onlyPeer: 0 });
      // In time order; ties in any order.
      const instants = rows.map((/** @type {any} */ r) => Number(r.occurred_at));
      expect(instants).toEqual([...instants].sort((a, b) => a - b));
    });
  });

  it("keeps another account's transitions out, and gives the first rows of its order with a limit", async () => {
    const rows = await store.sql.query(eventsPeerSql(), [base - HOUR, base + 50 * HOUR, "acc_mine"]);
    const keys = new Set(rows.map(eventKey));
    for (const event of referenceTransitions(dataset, "acc_other", base - HOUR, base + 50 * HOUR))
      expect(keys.has(eventKey(event))).toBe(false);
    const page = await store.sql.query(eventsPeerSql({ limit: 10 }), [
      base - HOUR,
      base + 50 * HOUR,
      "acc_mine",
    ]);
    expect(page).toHaveLength(10);
    expect(page.at(-1).occurred_at).toBe(rows[9].occurred_at);
  });
});
