// equipmentTypes.create's and equipmentTypes.update's refusals over real HTTPS, on both
// stores: every bad input answers its documented identifier and description, over POST
// and GET, and writes nothing; another account's type answers as an unknown one.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "./support/expectFailure.js";
import {
  startTypesSchedulesServer,
  type TypesSchedulesServer,
  typesSchedulesIds,
  typesSchedulesTokens,
} from "./support/typesSchedulesScene.js";

const [own, other] = [typesSchedulesTokens(0), typesSchedulesTokens(1)];
const ids = typesSchedulesIds(0);
const key = () => `key-${Math.random().toString(36).slice(2)}`;

describe.each(testStores)("equipmentTypes.create and .update refuse on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: TypesSchedulesServer;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startTypesSchedulesServer(db, 3);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  describe.skipIf(skip)("refusals: the documented identifier, and nothing written", () => {
    const dup = [
      { id: "mf_capacity", name: "Capacity (t)" },
      { id: "mf_capacity", name: "Lift (m)" },
    ];
    const dupWhy = "invalid parameter: metafields[1].id: names a metafield named before it; each id once";
    const cases: [string, string, object, string, string | RegExp][] = [
      [
        "create: a metafield id twice",
        "equipmentTypes.create",
        { name: "X", metafields: dup },
        "parameter_invalid",
        dupWhy,
      ],
      [
        "update: a metafield id twice",
        "equipmentTypes.update",
        { id: ids.harness, metafields: dup },
        "parameter_invalid",
        dupWhy,
      ],
      [
        "create: a name with U+0000",
        "equipmentTypes.create",
        { name: "a\u0000b" },
        "parameter_invalid",
        "invalid parameter: name: must not contain the NUL character (U+0000)",
      ],
      [
        "update: an id with U+0000",
        "equipmentTypes.update",
        { id: "et\u0000", name: "X" },
        "parameter_invalid",
        "invalid parameter: id: must not contain the NUL character (U+0000)",
      ],
      ["create: no name", "equipmentTypes.create", {}, "parameter_missing", "missing parameter: name"],
      ["update: no id", "equipmentTypes.update", { name: "X" }, "parameter_missing", "missing parameter: id"],
      [
        "create: a metafield without a name",
        "equipmentTypes.create",
        { name: "X", metafields: [{ id: "mf_1" }] },
        "parameter_invalid",
        /^invalid parameter: metafields/,
      ],
      [
        "create: an unknown parameter",
        "equipmentTypes.create",
        { name: "X", equipmentType_id: "et_mine" },
        "parameter_unexpected",
        "unexpected parameter: equipmentType_id",
      ],
      [
        "update: an unknown type",
        "equipmentTypes.update",
        { id: "et_nope", name: "Mine now" },
        "content_not_found",
        "equipment type not found: et_nope",
      ],
      [
        "update: another account's type",
        "equipmentTypes.update",
        { id: "et_ts_1", name: "Mine now" },
        "content_not_found",
        "equipment type not found: et_ts_1",
      ],
    ];

    it.each(cases)("%s", async (_title, method, params, error, description) => {
      const before = await t.written();
      for (const httpMethod of ["POST", "GET"] as const) {
        const answer = await t.call(
          method,
          { token: own.write, idempotency_key: key(), ...params },
          httpMethod,
        );
        expectFailure(answer, error, description);
      }
      expect(await t.written()).toEqual(before);
    });

    it("a read token: token_permission", async () => {
      const before = await t.written();
      expectFailure(
        await t.call("equipmentTypes.create", { token: own.read, name: "X" }),
        "token_permission",
      );
      expectFailure(
        await t.call("equipmentTypes.update", { token: own.read, id: ids.harness, name: "X" }),
        "token_permission",
      );
      expect(await t.written()).toEqual(before);
    });

    it("another account's type answers as an unknown one, to its own write token too", async () => {
      const unknown = await t.call("equipmentTypes.update", { token: other.write, id: "et_nope", name: "X" });
      const mine = await t.call("equipmentTypes.update", { token: other.write, id: ids.harness, name: "X" });
      expectFailure(unknown, "content_not_found", "equipment type not found: et_nope");
      expectFailure(mine, "content_not_found", `equipment type not found: ${ids.harness}`);
    });
  });
});
