// equipments.create, update and retire refuse every bad input over real HTTPS, on both
// stores, with its documented identifier and description, over POST and GET, and write
// nothing: no equipment, schedule, retirement, event or idempotency key.
import { type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "./support/expectFailure.js";
import { registerIds, registerTokens } from "./support/registerDataset.js";
import { type RegisterServer, startRegisterServer } from "./support/registerServer.js";

const day = 86_400_000;
const ids = registerIds(0);
const other = registerIds(1);
const nul = "must not contain the NUL character (U+0000)";

/** The equipment the update and retire cases name (untouched by every case). */
const target = ids.equipment(0);
/** An equipment holding the key `ERP-HELD` (set in beforeAll). */
const holder = ids.equipment(1);

type Case = [title: string, params: object, error: string, description: string | RegExp];

const createCases: Case[] = [
  [
    "a type of another account",
    { equipmentType_id: other.harness },
    "content_not_found",
    `equipment type not found: ${other.harness}`,
  ],
  [
    "a type nobody has",
    { equipmentType_id: "et_nope" },
    "content_not_found",
    "equipment type not found: et_nope",
  ],
  [
    "a type with a NUL character",
    { equipmentType_id: "et\u0000" },
    "parameter_invalid",
    `invalid parameter: equipmentType_id: ${nul}`,
  ],
  [
    "a user of another account",
    { assignedUsers_id: [ids.users[0], other.users[0]] },
    "content_not_found",
    `user not found: ${other.users[0]}`,
  ],
  ["a user nobody is", { assignedUsers_id: ["u_nope"] }, "content_not_found", "user not found: u_nope"],
  [
    "a metavalue of no metafield of the type",
    { metavalues: { mf_length: 2, mf_height: 2 } },
    "parameter_invalid",
    `invalid parameter: metavalues.mf_height: not a metafield of equipment type ${ids.harness}`,
  ],
  [
    "a metavalue of another type",
    { equipmentType_id: ids.plain, metavalues: { mf_length: 2 } },
    "parameter_invalid",
    `invalid parameter: metavalues.mf_length: not a metafield of equipment type ${ids.plain}`,
  ],
  [
    "a metavalue that is a boolean",
    { metavalues: { mf_length: true } },
    "parameter_invalid",
    /^invalid parameter: metavalues/,
  ],
  [
    "a schedule named twice",
    { schedules: [schedule("sch_a"), schedule("sch_a")] },
    "parameter_invalid",
    "invalid parameter: schedules[1].schedule_id: names a schedule named before it; each once",
  ],
  [
    "a schedule expiring after it expires",
    { schedules: [{ ...schedule("sch_a"), expiringOn: 3 * day }] },
    "parameter_invalid",
    /^invalid parameter: schedules\[0\]\.expiringOn: is after expiresOn/,
  ],
  [
    "a schedule's interval that is no duration",
    { schedules: [{ ...schedule("sch_a"), interval: "1 year" }] },
    "parameter_invalid",
    /^invalid parameter: schedules\[0\]\.interval/,
  ],
  [
    "a schedule without its dates",
    { schedules: [{ schedule_id: "sch_a" }] },
    "parameter_invalid",
    /^invalid parameter: schedules\[0\]/,
  ],
  ["an empty external_id", { external_id: "" }, "parameter_invalid", /^invalid parameter: external_id/],
  [
    "an external_id of 256 characters",
    { external_id: "k".repeat(256) },
    "parameter_invalid",
    /^invalid parameter: external_id/,
  ],
  [
    "an external_id another equipment holds",
    { external_id: "ERP-HELD" },
    "external_id_taken",
    `external_id ERP-HELD is held by equipment ${holder}: update it with equipments.update, or choose another key`,
  ],
  [
    "notes with a NUL character",
    { notes: "a\u0000b" },
    "parameter_invalid",
    `invalid parameter: notes: ${nul}`,
  ],
  ["no serialNumber", { serialNumber: undefined }, "parameter_missing", "missing parameter: serialNumber"],
  ["an unknown parameter", { colour: "red" }, "parameter_unexpected", "unexpected parameter: colour"],
  ["a version", { version: 3 }, "parameter_unexpected", "unexpected parameter: version"],
];

const updateCases: Case[] = [
  ["an id nobody has", { id: "eq_nope" }, "content_not_found", "equipment not found: eq_nope"],
  [
    "an external_id nobody holds",
    { id: undefined, external_id: "ERP-NOBODY" },
    "content_not_found",
    "equipment not found: ERP-NOBODY",
  ],
  [
    "another account's equipment",
    { id: other.equipment(0) },
    "content_not_found",
    `equipment not found: ${other.equipment(0)}`,
  ],
  [
    "neither id nor external_id",
    { id: undefined },
    "parameter_missing",
    "missing parameter: id or external_id",
  ],
  [
    "external_id null without id",
    { id: undefined, external_id: null },
    "parameter_invalid",
    "invalid parameter: external_id: null removes the external_id of the equipment named by id: send its id with it",
  ],
  ["an id with a NUL character", { id: "eq\u0000" }, "parameter_invalid", `invalid parameter: id: ${nul}`],
  [
    "another version",
    { if_version: 7 },
    "version_mismatch",
    `equipment ${target} is at version 1, not if_version 7: read it again, apply your change to it and send its version`,
  ],
  ["version 0", { if_version: 0 }, "parameter_invalid", /^invalid parameter: if_version/],
  [
    "a type of another account",
    { equipmentType_id: other.plain },
    "content_not_found",
    `equipment type not found: ${other.plain}`,
  ],
  [
    "a user of another account",
    { assignedUsers_id: [other.users[1]] },
    "content_not_found",
    `user not found: ${other.users[1]}`,
  ],
  [
    "a metavalue of no metafield of the type",
    { metavalues: { mf_height: 3 } },
    "parameter_invalid",
    `invalid parameter: metavalues.mf_height: not a metafield of equipment type ${ids.harness}`,
  ],
  [
    "an unset of a key of no type",
    { metavalues: { mf_nothing: null } },
    "parameter_invalid",
    `invalid parameter: metavalues.mf_nothing: not a metafield of equipment type ${ids.harness}`,
  ],
  [
    "a move that keeps a metavalue of the old type",
    { equipmentType_id: ids.ladder },
    "parameter_invalid",
    `invalid parameter: metavalues.mf_length: not a metafield of equipment type ${ids.ladder}`,
  ],
  [
    "a key another equipment holds",
    { external_id: "ERP-HELD" },
    "external_id_taken",
    `external_id ERP-HELD is held by equipment ${holder}: update it with equipments.update, or choose another key`,
  ],
  [
    "schedules, which have methods of their own",
    { schedules: [] },
    "parameter_unexpected",
    "unexpected parameter: schedules",
  ],
  ["a title of a number", { title: 7 }, "parameter_invalid", /^invalid parameter: title/],
];

const retireCases: Case[] = [
  [
    "id and external_id at once",
    { external_id: "ERP-HELD" },
    "parameter_invalid",
    "invalid parameter: external_id: name the equipment by id or by external_id, not both",
  ],
  [
    "neither id nor external_id",
    { id: undefined },
    "parameter_missing",
    "missing parameter: id or external_id",
  ],
  ["an id nobody has", { id: "eq_nope" }, "content_not_found", "equipment not found: eq_nope"],
  [
    "an external_id nobody holds",
    { id: undefined, external_id: "ERP-NOBODY" },
    "content_not_found",
    "equipment not found: ERP-NOBODY",
  ],
  [
    "another account's equipment",
    { id: other.equipment(0) },
    "content_not_found",
    `equipment not found: ${other.equipment(0)}`,
  ],
  [
    "an external_id of null",
    { id: undefined, external_id: null },
    "parameter_invalid",
    /^invalid parameter: external_id/,
  ],
];

/** A schedule of the create cases: up to date, dated from the epoch (only its shape matters). */
function schedule(id: string) {
  return { schedule_id: id, expiresOn: 2 * day, expiringOn: day, lastCompletedOn: 0 };
}

const methodCases = [
  ["equipments.create", { equipmentType_id: ids.harness, serialNumber: "SN-REFUSED" }, createCases],
  ["equipments.update", { id: target, notes: "Refused." }, updateCases],
  ["equipments.retire", { id: target }, retireCases],
] as const;

describe.each(testStores)("the equipment writes refuse on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let t: RegisterServer;
  beforeAll(async () => {
    if (skip) return;
    db = await create();
    t = await startRegisterServer(db);
    const held = await t.call("equipments.update", { id: holder, external_id: "ERP-HELD" });
    expect(held.body.ok, held.text).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await db?.drop();
  });

  describe.each(methodCases)("%s: the documented identifier, and nothing written", (method, valid, cases) => {
    it.skipIf(skip).each(cases)("%s", async (_title, params, error, description) => {
      const before = await t.written();
      for (const httpMethod of ["POST", "GET"] as const) {
        const answer = await t.call(
          method,
          { ...valid, idempotency_key: `refused-${httpMethod}-${Math.random()}`, ...params },
          httpMethod,
        );
        expectFailure(answer, error, description);
      }
      expect(await t.written()).toEqual(before);
    });

    it.skipIf(skip)("a read token: token_permission", async () => {
      const before = await t.written();
      const answer = await t.call(method, { ...valid, token: registerTokens(0).read });
      expectFailure(answer, "token_permission", "the token lacks the write permission");
      expect(await t.written()).toEqual(before);
    });
  });
});
