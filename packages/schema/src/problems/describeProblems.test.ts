import { describe, expect, it } from "vitest";
import { describeProblems } from "./describeProblems.js";

const equipment = {
  id: "eq_h_0003",
  serialNumber: "S3",
  equipmentType_id: "et_1",
  created: 1,
  parent_id: "",
  fieldOffice_id: [],
  lineOfBusiness_id: "",
  assignedUsers_id: [],
  notes: "",
  isInService: true,
};

describe(describeProblems, () => {
  it("has nothing to report on a valid payload", () => {
    expect(describeProblems("Dataset", { equipments: [equipment] })).toEqual([]);
  });

  // zod said "Invalid input: expected string, received undefined" at `equipments[2].serialNumber`.
  it("words each problem for a person and names the record by its id", () => {
    const { serialNumber: _, ...withoutSerial } = equipment;
    expect(
      describeProblems("Dataset", {
        equipments: [
          withoutSerial,
          {
            ...equipment,
            id: "eq_h_0004",
            created: "yesterday",
            isInService: "yes",
            metavalues: { mf_1: true, mf_2: { item_ids: ["x"] } },
            schedules: [
              { schedule_id: "s_1", expiresOn: 1.5, expiringOn: null, lastCompletedOn: null, colour: "red" },
            ],
          },
        ],
        tokens: [{ token: "short", account_id: "acc_1", permissions: ["admin"] }],
        equipmentType: [],
      }),
    ).toEqual([
      {
        path: "tokens[0].token",
        record: "tokens[0]",
        message: "`token` must be at least 16 characters long, got 5",
      },
      {
        path: "tokens[0].permissions[0]",
        record: "tokens[0]",
        message: '`permissions[0]` must be one of "read", "write", got "admin"',
      },
      {
        path: "equipments[0].serialNumber",
        record: 'equipment "eq_h_0003"',
        message: "required field `serialNumber` missing",
      },
      {
        path: "equipments[1].created",
        record: 'equipment "eq_h_0004"',
        message: '`created` must be an integer (ms since the epoch), got "yesterday"',
      },
      {
        path: "equipments[1].isInService",
        record: 'equipment "eq_h_0004"',
        message: '`isInService` must be true or false, got "yes"',
      },
      {
        path: "equipments[1].metavalues.mf_1",
        record: 'equipment "eq_h_0004"',
        message: "`metavalues.mf_1` must be a number, a string or an object, got true",
      },
      {
        path: "equipments[1].metavalues.mf_2.item_ids[0]",
        record: 'equipment "eq_h_0004"',
        message: '`metavalues.mf_2.item_ids[0]` must be an integer, got "x"',
      },
      {
        path: "equipments[1].schedules[0].expiresOn",
        record: 'equipment "eq_h_0004", schedule "s_1"',
        message: "`expiresOn` must be an integer (ms since the epoch) or null, got 1.5",
      },
      {
        path: "equipments[1].schedules[0]",
        record: 'equipment "eq_h_0004", schedule "s_1"',
        message: "unknown field `colour`",
      },
      {
        path: "(root)",
        record: "",
        message: "unknown field `equipmentType` (did you mean `equipmentTypes`?)",
      },
    ]);
  });

  // A list is no object: `[1, 2]` for `{ item_ids: [1, 2] }` is told every shape a metavalue may take.
  it("names every option of a metavalue given a list", () => {
    expect(
      describeProblems("Dataset", { equipments: [{ ...equipment, metavalues: { mf_1: [1, 2] } }] }),
    ).toEqual([
      {
        path: "equipments[0].metavalues.mf_1",
        record: 'equipment "eq_h_0003"',
        message: "`metavalues.mf_1` must be a number, a string or an object, got a list",
      },
    ]);
  });

  // An id past 2^53 fails only a check of the item option, so zod reports it at the item
  // itself, past the union, where no one schema is known: it is still worded and located.
  it("words an item id too large to be exact", () => {
    expect(
      describeProblems("Dataset", {
        equipments: [{ ...equipment, metavalues: { mf_1: { item_ids: [1e16] } } }],
      }),
    ).toEqual([
      {
        path: "equipments[0].metavalues.mf_1.item_ids[0]",
        record: 'equipment "eq_h_0003"',
        message: "`metavalues.mf_1.item_ids[0]` must be at most 9007199254740991, got 10000000000000000",
      },
    ]);
  });

  // A user is named by a string id or the same id as a non-negative integer: 1.5 is neither.
  it("names both forms of a user id given a number that is no integer", () => {
    expect(describeProblems("users.info.params", { token: "a-token-of-twenty-chars", user: 1.5 })).toEqual([
      { path: "user", record: "", message: "`user` must be a string or an integer, got 1.5" },
    ]);
  });

  it("keeps the position of a record without an id", () => {
    expect(describeProblems("Dataset", { users: [{ account_id: "acc_1", name: "Ada" }] })).toEqual([
      { path: "users[0].id", record: "users[0]", message: "required field `id` missing" },
    ]);
  });

  it("says what the document itself must be", () => {
    expect(describeProblems("Dataset", [])).toEqual([
      { path: "(root)", record: "", message: "the document must be an object, got a list" },
    ]);
    expect(describeProblems("Dataset", { users: "none" })).toEqual([
      { path: "users", record: "", message: '`users` must be a list, got "none"' },
    ]);
  });

  it("words an empty key and an empty id", () => {
    expect(describeProblems("Dataset", { equipments: [{ ...equipment, metavalues: { "": 1 } }] })).toEqual([
      {
        path: 'equipments[0].metavalues[""]',
        record: 'equipment "eq_h_0003"',
        message: "`metavalues` has an empty key",
      },
    ]);
    expect(describeProblems("User", { id: "", name: "Ada" })).toEqual([
      { path: "id", record: "", message: "`id` must not be empty" },
    ]);
  });
});

describe("a version label", () => {
  it("is told in words what it must look like, not shown a pattern", () => {
    const version = {
      creator_id: "u_1",
      created: 2,
      approvedOn: 3,
      version: "v2",
      description: "d",
      type: "file",
    };
    expect(describeProblems("Version", version).map((problem) => problem.message)).toEqual([
      '`version` must be numbers separated by dots, such as 2.1 or 1.0.3, got "v2"',
    ]);
  });
});

describe("a webhook secret", () => {
  // A receiver that checks the secret it stored against the catalog's schema learns
  // where a secret comes from, not the pattern's characters.
  it("is told what a secret looks like and where one comes from", () => {
    expect(describeProblems("WebhookSecret", "sk_live_abc").map((problem) => problem.message)).toEqual([
      'the document must be `whsec_` and the key in base64, as webhooks.create and webhooks.rotate_secret return it, got "sk_live_abc"',
    ]);
  });
});
