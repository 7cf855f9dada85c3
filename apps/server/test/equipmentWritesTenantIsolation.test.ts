// Tenant isolation of the equipment writes, on both stores: every id parameter of another
// account (an equipment's id, its external_id, its retirement, a type, a user) answers
// account 0 exactly as one nobody has - the same request, the same bytes, before and after
// account 1 made the record - and nothing of either account is written.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callMethod } from "./support/callApi.js";
import { expectFailure } from "./support/expectFailure.js";
import { registerIds, registerTokens } from "./support/registerDataset.js";
import { type RegisterServer, startRegisterServer } from "./support/registerServer.js";

const own = registerIds(0);
const other = registerIds(1);
const otherWrite = registerTokens(1).write;

describe.each(testStores)("the equipment writes keep accounts apart on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: RegisterServer;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startRegisterServer(db);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  /** Account 1's write. */
  async function asOther(method: string, data: object) {
    const answer = await callMethod(t.server.url, "POST", method, { token: otherWrite, ...data });
    expect(answer.body.ok, answer.text).toBe(true);
    return answer.body;
  }

  /** Account 0's requests, each answered (text), with what the store held around them. */
  async function answersOf(requests: [string, object][]) {
    const before = await t.written();
    const texts: string[] = [];
    for (const [method, data] of requests) {
      const answer = await t.call(method, data);
      expectFailure(answer, "content_not_found");
      texts.push(answer.text);
    }
    expect(await t.written()).toEqual(before);
    return texts;
  }

  it.skipIf(skip)(
    "answers another account's external_id as a key nobody holds, before and after it is taken",
    async () => {
      const requests: [string, object][] = [
        ["equipments.update", { external_id: "ERP-THEIRS-1", notes: "Mine now?" }],
        ["equipments.retire", { external_id: "ERP-THEIRS-1" }],
      ];
      const nobody = await answersOf(requests);
      await asOther("equipments.update", { id: other.equipment(0), external_id: "ERP-THEIRS-1" });
      expect(await answersOf(requests)).toEqual(nobody);
      expect(nobody).toEqual([
        JSON.stringify({
          ok: false,
          error: "content_not_found",
          description: "equipment not found: ERP-THEIRS-1",
        }),
        JSON.stringify({
          ok: false,
          error: "content_not_found",
          description: "equipment not found: ERP-THEIRS-1",
        }),
      ]);
      // Account 1 finds its own by that key.
      const found = await asOther("equipments.update", { external_id: "ERP-THEIRS-1", notes: "Theirs." });
      expect(found.equipment.id).toBe(other.equipment(0));
    },
  );

  it.skipIf(skip)(
    "answers another account's retired equipment as one nobody had, by id and by key",
    async () => {
      const retiredId = other.equipment(1);
      const requests: [string, object][] = [
        ["equipments.retire", { id: retiredId }],
        ["equipments.update", { id: retiredId, notes: "Mine now?" }],
        ["equipments.retire", { external_id: "ERP-THEIRS-2" }],
        ["inspections.list", { token: registerTokens(0).read, equipment_id: retiredId }],
      ];
      // Before: account 1's live equipment, and a key nobody holds.
      const before = await answersOf(requests);
      await asOther("equipments.update", { id: retiredId, external_id: "ERP-THEIRS-2" });
      await asOther("equipments.retire", { id: retiredId });
      expect(await answersOf(requests)).toEqual(before);
      expect(JSON.parse(before[0] ?? "")).toEqual({
        ok: false,
        error: "content_not_found",
        description: `equipment not found: ${retiredId}`,
      });
    },
  );

  it.skipIf(skip)("never changes another account's equipment, whatever account 0 sends", async () => {
    const theirs = other.equipment(2);
    const before = await callMethod(t.server.url, "POST", "equipments.list", {
      token: registerTokens(1).read,
      equipmentType_id: other.harness,
    });
    await answersOf([
      ["equipments.update", { id: theirs, if_version: 1, isInService: false }],
      ["equipments.update", { id: own.equipment(0), equipmentType_id: other.harness }],
      ["equipments.update", { id: own.equipment(0), assignedUsers_id: [other.users[0]] }],
      ["equipments.create", { equipmentType_id: other.harness, serialNumber: "SN-INTRUDER" }],
      [
        "equipments.create",
        { equipmentType_id: own.plain, serialNumber: "SN-X", assignedUsers_id: [other.users[1]] },
      ],
      ["equipments.retire", { id: theirs }],
    ]);
    const after = await callMethod(t.server.url, "POST", "equipments.list", {
      token: registerTokens(1).read,
      equipmentType_id: other.harness,
    });
    expect(after.text).toBe(before.text);
  });

  it.skipIf(skip)("lets account 0 take a key account 1 holds, and each finds its own by it", async () => {
    await asOther("equipments.update", { id: other.equipment(3), external_id: "ERP-BOTH" });
    const mine = await t.call("equipments.update", { id: own.equipment(3), external_id: "ERP-BOTH" });
    expect(mine.body.ok, mine.text).toBe(true);
    expect(
      (await t.call("equipments.update", { external_id: "ERP-BOTH", notes: "0" })).body.equipment.id,
    ).toBe(own.equipment(3));
    expect((await asOther("equipments.update", { external_id: "ERP-BOTH", notes: "1" })).equipment.id).toBe(
      other.equipment(3),
    );
  });
});
