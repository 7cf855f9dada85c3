// schedules.set's and schedules.remove's refusals over real HTTPS, on both stores: every
// bad input answers its documented identifier and description, over POST and GET, and
// writes nothing (no schedule, version, event or key); another account's equipment
// answers exactly as one nobody has.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "./support/expectFailure.js";
import {
  startTypesSchedulesServer,
  type TypesSchedulesServer,
  typesSchedulesIds,
  typesSchedulesTokens,
} from "./support/typesSchedulesScene.js";

const day = 86_400_000;
const [own, other] = [typesSchedulesTokens(0), typesSchedulesTokens(1)];
const ids = typesSchedulesIds(0);
const theirs = typesSchedulesIds(1).equipment(0);
const datesWhy =
  "is after expiresOn: a schedule is expiring before it expires (set expiringOn to expiresOn or earlier)";

describe.each(testStores)("schedules.set and .remove refuse on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: TypesSchedulesServer;
  let now = 0;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startTypesSchedulesServer(db, 3);
    now = t.now;
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  const equipment = ids.equipment(0);
  // The stored sch_annual: expiring on now + 140 days, expires on now + 200 days.
  const setCases: [string, () => object, string, string | RegExp][] = [
    [
      "an expiringOn after expiresOn, both sent",
      () => ({ expiresOn: now + day, expiringOn: now + 2 * day }),
      "parameter_invalid",
      `invalid parameter: expiringOn: ${datesWhy}`,
    ],
    [
      "an expiringOn alone after the stored expiresOn",
      () => ({ expiringOn: now + 201 * day }),
      "parameter_invalid",
      /^invalid parameter: expiringOn: is after the schedule's expiresOn \d+ \(\d{4}-.*Z\): a schedule is expiring before it expires \(set expiringOn to that or earlier, or send expiresOn with it\)$/,
    ],
    [
      "an expiresOn alone before the stored expiringOn",
      () => ({ expiresOn: now + 139 * day }),
      "parameter_invalid",
      /^invalid parameter: expiresOn: is before the schedule's expiringOn \d+ \(.*\): a schedule is expiring before it expires \(send expiringOn with it, at expiresOn or earlier\)$/,
    ],
    [
      "an equipment nobody has",
      () => ({ equipment_id: "eq_nope" }),
      "content_not_found",
      "equipment not found: eq_nope",
    ],
    [
      "another account's equipment",
      () => ({ equipment_id: theirs }),
      "content_not_found",
      `equipment not found: ${theirs}`,
    ],
    [
      "an equipment id with U+0000",
      () => ({ equipment_id: "eq\u0000" }),
      "parameter_invalid",
      "invalid parameter: equipment_id: must not contain the NUL character (U+0000)",
    ],
    [
      "a schedule id with U+0000",
      () => ({ schedule_id: "sch\u0000" }),
      "parameter_invalid",
      "invalid parameter: schedule_id: must not contain the NUL character (U+0000)",
    ],
    [
      "no schedule id",
      () => ({ schedule_id: undefined }),
      "parameter_missing",
      "missing parameter: schedule_id",
    ],
    [
      "an interval that is no duration",
      () => ({ interval: "1Y" }),
      "parameter_invalid",
      /^invalid parameter: interval/,
    ],
    [
      "a fractional expiresOn",
      () => ({ expiresOn: now + 0.5 }),
      "parameter_invalid",
      /^invalid parameter: expiresOn/,
    ],
    [
      "lastCompletedOn, which only inspections set",
      () => ({ lastCompletedOn: now }),
      "parameter_unexpected",
      "unexpected parameter: lastCompletedOn",
    ],
    [
      "an idempotency key of 256 characters",
      () => ({ idempotency_key: "k".repeat(256) }),
      "parameter_invalid",
      /^invalid parameter: idempotency_key/,
    ],
  ];

  it.skipIf(skip).each(setCases)("schedules.set: %s", async (_title, params, error, description) => {
    const before = await t.written();
    for (const httpMethod of ["POST", "GET"] as const) {
      const answer = await t.call(
        "schedules.set",
        {
          token: own.write,
          equipment_id: equipment,
          schedule_id: "sch_annual",
          idempotency_key: `refused-${Math.random()}`,
          ...params(),
        },
        httpMethod,
      );
      expectFailure(answer, error, description);
    }
    expect(await t.written()).toEqual(before);
  });

  const removeCases: [string, object, string, string | RegExp][] = [
    [
      "an equipment nobody has",
      { equipment_id: "eq_nope" },
      "content_not_found",
      "equipment not found: eq_nope",
    ],
    [
      "another account's equipment",
      { equipment_id: theirs },
      "content_not_found",
      `equipment not found: ${theirs}`,
    ],
    [
      "a schedule the equipment has not",
      { schedule_id: "sch_nope" },
      "content_not_found",
      `schedule not found: sch_nope of equipment ${equipment}`,
    ],
    [
      "the ladder, which has no schedule",
      { equipment_id: ids.ladderEquipment },
      "content_not_found",
      `schedule not found: sch_annual of equipment ${ids.ladderEquipment}`,
    ],
    [
      "an id with U+0000",
      { schedule_id: "s\u0000" },
      "parameter_invalid",
      "invalid parameter: schedule_id: must not contain the NUL character (U+0000)",
    ],
    ["no equipment id", { equipment_id: undefined }, "parameter_missing", "missing parameter: equipment_id"],
  ];

  it.skipIf(skip).each(removeCases)("schedules.remove: %s", async (_title, params, error, description) => {
    const before = await t.written();
    for (const httpMethod of ["POST", "GET"] as const) {
      const answer = await t.call(
        "schedules.remove",
        {
          token: own.write,
          equipment_id: equipment,
          schedule_id: "sch_annual",
          idempotency_key: `refused-${Math.random()}`,
          ...params,
        },
        httpMethod,
      );
      expectFailure(answer, error, description);
    }
    expect(await t.written()).toEqual(before);
  });

  it.skipIf(skip)("a read token: token_permission for both", async () => {
    const before = await t.written();
    const params = { token: own.read, equipment_id: equipment, schedule_id: "sch_annual" };
    expectFailure(await t.call("schedules.set", params), "token_permission");
    expectFailure(await t.call("schedules.remove", params), "token_permission");
    expect(await t.written()).toEqual(before);
  });

  it.skipIf(skip)(
    "another account's write token on this account's equipment: as an unknown one",
    async () => {
      const before = await t.written();
      for (const method of ["schedules.set", "schedules.remove"]) {
        const params = { token: other.write, schedule_id: "sch_annual" };
        const mine = await t.call(method, { ...params, equipment_id: equipment });
        const nobodys = await t.call(method, { ...params, equipment_id: "eq_nope" });
        expectFailure(mine, "content_not_found", `equipment not found: ${equipment}`);
        expect(nobodys.body).toEqual({ ...mine.body, description: "equipment not found: eq_nope" });
      }
      expect(await t.written()).toEqual(before);
    },
  );
});
