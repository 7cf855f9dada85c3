import { fixtureTokens, testStores } from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import { callApi, callMethod } from "./support/callApi.js";
import { expectFailure } from "./support/expectFailure.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

const read = demoTokens.read;
const httpMethods = ["GET", "POST"] as const;

// The request pipeline from the token on (rows 4-11); rows 1-3, the headers and
// `pretty` are in pipeline.test.ts.
describe.each(testStores)("request pipeline on $name", ({ skip, create }) => {
  describe.skipIf(skip)("the request pipeline (requestChecks): rows 4-11", () => {
    let t: FixtureServer;
    beforeAll(async () => {
      t = await startFixtureServer(create);
    });
    afterAll(async () => {
      await t?.stop();
    });

    describe("rows 4-7: the token", () => {
      it.each(httpMethods)("%s: absent or empty token is token_missing", async (method) => {
        expectFailure(
          await callMethod(t.url, method, "resources.list", {}),
          "token_missing",
          "missing parameter: token",
        );
        expectFailure(await callMethod(t.url, method, "resources.list", { token: "" }), "token_missing");
      });

      it.each(httpMethods)("%s: a token that is not a string is token_invalid", async (method) => {
        for (const token of [5, null, true, ["x"], { a: 1 }]) {
          expectFailure(await callMethod(t.url, method, "resources.list", { token }), "token_invalid");
        }
      });

      it.each(httpMethods)("%s: an unknown token is token_invalid, never invalid_token", async (method) => {
        const answer = await callMethod(t.url, method, "users.info", {
          token: "no-such-token-anywhere",
          user: "u_ada",
        });
        expectFailure(answer, "token_invalid");
      });

      it.each(httpMethods)("%s: a deactivated token is token_inactive", async (method) => {
        expectFailure(
          await callMethod(t.url, method, "resources.list", { token: demoTokens.revoked }),
          "token_inactive",
        );
      });

      it.each(httpMethods)("%s: a token of an inactive account is account_inactive", async (method) => {
        expectFailure(
          await callMethod(t.url, method, "resources.list", { token: demoTokens.inactiveAccount }),
          "account_inactive",
        );
      });

      it("checks the token before the parameters", async () => {
        expectFailure(await callMethod(t.url, "POST", "equipments.list", { colums: [] }), "token_missing");
        expectFailure(
          await callMethod(t.url, "POST", "equipments.list", { token: "nope-nope-nope", colums: [] }),
          "token_invalid",
        );
        expectFailure(
          await callMethod(t.url, "POST", "equipments.list", { token: demoTokens.revoked, colums: [] }),
          "token_inactive",
        );
      });
    });

    describe("row 9: token_permission", () => {
      it.each(httpMethods)(
        "%s: a token without read permission is refused before its parameters",
        async (method) => {
          expectFailure(
            await callMethod(t.url, method, "users.info", { token: fixtureTokens.writeOnly, colums: 1 }),
            "token_permission",
          );
        },
      );
    });

    describe("row 10: parameters", () => {
      it.each(httpMethods)(
        "%s: an unknown key is parameter_unexpected, before missing and invalid",
        async (method) => {
          expectFailure(
            await callMethod(t.url, method, "equipments.list", {
              token: read,
              colums: ["id"],
              service_type: 5,
            }),
            "parameter_unexpected",
            "unexpected parameter: colums",
          );
          expectFailure(
            await callMethod(t.url, method, "resources.list", { token: read, sort: "title" }),
            "parameter_unexpected",
            "unexpected parameter: sort",
          );
        },
      );

      it.each(["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"])(
        "treats %s as an ordinary unknown key",
        async (key) => {
          const body = `{"token":"${read}","user":"u_ada","${key}":{"admin":true}}`;
          expectFailure(
            await callApi(t.url, "/v1/users.info", { method: "POST", body }),
            "parameter_unexpected",
            `unexpected parameter: ${key}`,
          );
          expectFailure(
            await callApi(t.url, "/v1/users.info", { method: "GET", query: encodeURIComponent(body) }),
            "parameter_unexpected",
          );
        },
      );

      it.each(httpMethods)(
        "%s: a required key absent is parameter_missing, before invalid",
        async (method) => {
          expectFailure(
            await callMethod(t.url, method, "equipments.list", { token: read, service_type: "sideways" }),
            "parameter_missing",
            "missing parameter: equipmentType_id",
          );
          expectFailure(
            await callMethod(t.url, method, "users.info", { token: read }),
            "parameter_missing",
            "missing parameter: user",
          );
        },
      );

      it.each([
        ["equipments.list", { equipmentType_id: "et_harness", service_type: "sideways" }, "service_type"],
        ["equipments.list", { equipmentType_id: "et_harness", service_type: null }, "service_type"],
        ["equipments.list", { equipmentType_id: "et_harness", columns: ["id", "nope"] }, "columns"],
        ["equipments.list", { equipmentType_id: "et_harness", columns: [1] }, "columns"],
        ["equipments.list", { equipmentType_id: "et_harness", columns: "id" }, "columns"],
        [
          "equipments.list",
          { equipmentType_id: "et_harness", include_null_metavalues: "true" },
          "include_null_metavalues",
        ],
        [
          "equipments.list",
          { equipmentType_id: "et_harness", include_null_metavalues: 1 },
          "include_null_metavalues",
        ],
        ["equipments.list", { equipmentType_id: "" }, "equipmentType_id"],
        ["equipments.list", { equipmentType_id: 12 }, "equipmentType_id"],
        ["users.info", { user: true }, "user"],
        ["users.info", { user: -1 }, "user"],
        ["users.info", { user: 1.5 }, "user"],
        ["users.info", { user: null }, "user"],
        ["users.info", { user: "" }, "user"],
        ["resources.list", { pretty: "1" }, "pretty"],
        ["resources.list", { pretty: "true" }, "pretty"],
        ["resources.list", { pretty: 1 }, "pretty"],
      ] as const)("%s %j is parameter_invalid naming %s", async (method, params, name) => {
        for (const httpMethod of httpMethods) {
          expectFailure(
            await callMethod(t.url, httpMethod, method, { token: read, ...params }),
            "parameter_invalid",
            new RegExp(`^invalid parameter: ${name}`),
          );
        }
      });
    });

    describe("row 11: content_not_found", () => {
      it.each(httpMethods)("%s: unknown and other accounts' ids are not found alike", async (method) => {
        expectFailure(
          await callMethod(t.url, method, "equipments.list", { token: read, equipmentType_id: "et_nope" }),
          "content_not_found",
          "equipment type not found: et_nope",
        );
        expectFailure(
          await callMethod(t.url, method, "equipments.list", {
            token: read,
            equipmentType_id: "et_other_account",
          }),
          "content_not_found",
          "equipment type not found: et_other_account",
        );
        expectFailure(
          await callMethod(t.url, method, "users.info", { token: read, user: "u_nobody" }),
          "content_not_found",
        );
        expectFailure(
          await callMethod(t.url, method, "users.info", { token: read, user: "u_other" }),
          "content_not_found",
        );
      });
    });
  });
});

describe.skipIf(testStores[1].skip)("server_error on PostgreSQL", () => {
  let t: FixtureServer;
  beforeAll(async () => {
    t = await startFixtureServer(testStores[1].create, { logger: false });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it("answers server_error without internals when the database fails", async () => {
    const client = new pg.Client({ connectionString: t.db.database });
    await client.connect();
    await client.query("ALTER TABLE users RENAME TO users_gone");
    await client.end();
    for (const method of httpMethods) {
      const answer = await callMethod(t.url, method, "users.info", { token: read, user: "u_ada" });
      expectFailure(answer, "server_error");
      expect(answer.body.description).not.toMatch(/users_gone|relation|postgres/i);
    }
  });
});
