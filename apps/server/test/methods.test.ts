import { type Equipment, equipmentFields, methods } from "@wsafe/schema";
import { fixtureTokens, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import { callMethod } from "./support/callApi.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

const httpMethods = ["GET", "POST"] as const;
const token = fixtureTokens.read;

/** Calls a method and asserts the success body against the schema (which also catches extra fields). */
async function success<M extends keyof typeof methods>(
  url: string,
  httpMethod: "GET" | "POST",
  method: M,
  data: object,
) {
  const answer = await callMethod(url, httpMethod, method, data);
  expect(answer.status).toBe(200);
  expect(answer.body.ok, answer.text).toBe(true);
  expect(methods[method].result.parse(answer.body)).toEqual(answer.body);
  // Without pretty the body is compact: exactly what JSON.stringify writes.
  expect(answer.text).toBe(JSON.stringify(answer.body));
  return answer.body;
}

function pick(record: Equipment, fields: readonly string[]) {
  return Object.fromEntries(Object.entries(record).filter(([key]) => fields.includes(key)));
}

describe.each(testStores)("methods on $name", ({ skip, create }) => {
  describe.skipIf(skip)("the methods, as their schema files describe them", () => {
    let t: FixtureServer;
    beforeAll(async () => {
      t = await startFixtureServer(create);
    });
    afterAll(async () => {
      await t?.stop();
    });

    describe.each(httpMethods)("resources.list over %s", (httpMethod) => {
      it("returns the account's resources by sequence then id, versions by created", async () => {
        const body = await success(t.url, httpMethod, "resources.list", { token });
        expect(body).toEqual({ ok: true, resources: t.fixture.expected.resources });
        expect(body.resources.map((r: { id: string }) => r.id)).toEqual(["r_c", "r_a", "r_b"]);
      });

      it("shows each account only its own resources", async () => {
        const body = await success(t.url, httpMethod, "resources.list", { token: fixtureTokens.other });
        expect(body.resources.map((r: { id: string }) => r.id)).toEqual(["r_other"]);
        const demo = await success(t.url, httpMethod, "resources.list", { token: demoTokens.read });
        expect(demo.resources.length).toBeGreaterThan(3);
        expect(demo.resources.some((r: { id: string }) => r.id.startsWith("r_"))).toBe(false);
      });
    });

    describe.each(httpMethods)("equipments.list over %s", (httpMethod) => {
      it("returns in-service equipment by default, by created then id, with computed statuses", async () => {
        const { e1, e3, e4 } = t.fixture.expected.equipments;
        const body = await success(t.url, httpMethod, "equipments.list", {
          token,
          equipmentType_id: "et_fix",
        });
        expect(body).toEqual({ ok: true, equipments: [e1, e3, e4] });
        // Key order is the canonical field order; clients_id, title and external_id (which
        // no imported fixture record has) left out when absent.
        expect(Object.keys(body.equipments[1])).toEqual(equipmentFields.filter((f) => f !== "external_id"));
        expect(Object.keys(body.equipments[0])).toEqual(
          equipmentFields.filter((f) => f !== "clients_id" && f !== "title" && f !== "external_id"),
        );
      });

      it("filters on service_type in, out and all", async () => {
        const { e1, e2, e3, e4, e5 } = t.fixture.expected.equipments;
        const list = async (service_type: string) =>
          (
            await success(t.url, httpMethod, "equipments.list", {
              token,
              equipmentType_id: "et_fix",
              service_type,
            })
          ).equipments;
        expect(await list("in")).toEqual([e1, e3, e4]);
        expect(await list("out")).toEqual([e2, e5]);
        expect(await list("all")).toEqual([e2, e1, e3, e4, e5]);
      });

      it("returns exactly the named columns in canonical order, whatever order they are asked in", async () => {
        const all = Object.values(t.fixture.expected.equipments).sort(
          (a, b) => a.created - b.created || (a.id < b.id ? -1 : 1),
        );
        for (const columns of [
          ["status", "id"],
          ["schedules"],
          ["title", "clients_id"],
          ["metavalues", "isInService", "notes"],
          ["id", "id"],
        ]) {
          const body = await success(t.url, httpMethod, "equipments.list", {
            token,
            equipmentType_id: "et_fix",
            service_type: "all",
            columns,
          });
          expect(body.equipments).toEqual(all.map((e) => pick(e, columns)));
          for (const record of body.equipments) {
            const keys = Object.keys(record);
            expect(keys).toEqual(equipmentFields.filter((f) => keys.includes(f)));
          }
        }
      });

      it("returns every field for empty columns", async () => {
        const { e1, e3, e4 } = t.fixture.expected.equipments;
        const body = await success(t.url, httpMethod, "equipments.list", {
          token,
          equipmentType_id: "et_fix",
          columns: [],
        });
        expect(body.equipments).toEqual([e1, e3, e4]);
      });

      it("adds every unset metafield of the type as null with include_null_metavalues", async () => {
        const body = await success(t.url, httpMethod, "equipments.list", {
          token,
          equipmentType_id: "et_fix",
          service_type: "all",
          columns: ["id", "metavalues"],
          include_null_metavalues: true,
        });
        expect(body.equipments).toEqual([
          { id: "e2", metavalues: { mf_a: null, mf_b: "x", mf_c: null } },
          { id: "e1", metavalues: { mf_a: null, mf_b: null, mf_c: null } },
          { id: "e3", metavalues: { mf_a: 1.5, mf_b: null, mf_c: { item_ids: [1, 2] } } },
          { id: "e4", metavalues: { mf_a: null, mf_b: 7, mf_c: null } },
          { id: "e5", metavalues: { mf_a: null, mf_b: null, mf_c: null } },
        ]);
        const without = await success(t.url, httpMethod, "equipments.list", {
          token,
          equipmentType_id: "et_fix",
          columns: ["metavalues"],
          include_null_metavalues: false,
        });
        expect(without.equipments).toEqual([
          { metavalues: {} },
          { metavalues: { mf_a: 1.5, mf_c: { item_ids: [1, 2] } } },
          { metavalues: { mf_b: 7 } },
        ]);
      });

      it("answers an empty list for a type without equipment", async () => {
        expect(
          await success(t.url, httpMethod, "equipments.list", { token, equipmentType_id: "et_fix_empty" }),
        ).toEqual({
          ok: true,
          equipments: [],
        });
      });

      it("keeps accounts apart: another account's type is not found", async () => {
        const answer = await callMethod(t.url, httpMethod, "equipments.list", {
          token,
          equipmentType_id: "et_fix_other",
        });
        expect(answer.body).toEqual({
          ok: false,
          error: "content_not_found",
          description: "equipment type not found: et_fix_other",
        });
        const own = await success(t.url, httpMethod, "equipments.list", {
          token: fixtureTokens.other,
          equipmentType_id: "et_fix_other",
        });
        expect(own.equipments.map((e: Equipment) => e.id)).toEqual(["e_other"]);
      });

      it("serves the demo's larger types with every status", async () => {
        const body = await success(t.url, httpMethod, "equipments.list", {
          token: demoTokens.read,
          equipmentType_id: "et_harness",
          service_type: "all",
        });
        const statuses = new Set(body.equipments.map((e: Equipment) => e.status));
        expect([...statuses].sort()).toEqual(["expired", "expiring", "uptodate"]);
        for (const e of body.equipments as Equipment[]) {
          const severities = e.schedules.map((s) => ["uptodate", "expiring", "expired"].indexOf(s.status));
          expect(e.status).toBe(["uptodate", "expiring", "expired"][Math.max(0, ...severities)]);
          expect(e.schedules.map((s) => s.schedule_id)).toEqual(e.schedules.map((s) => s.schedule_id).sort());
        }
      });
    });

    describe.each(httpMethods)("users.info over %s", (httpMethod) => {
      it("finds a user by string id", async () => {
        expect(await success(t.url, httpMethod, "users.info", { token, user: "u_fix_1" })).toEqual({
          ok: true,
          user: { id: "u_fix_1", name: "Ada Fixture" },
        });
      });

      it("reads an integer user as the same id in decimal", async () => {
        expect(await success(t.url, httpMethod, "users.info", { token, user: 77 })).toEqual({
          ok: true,
          user: { id: "77", name: "Numeric User" },
        });
        expect(await success(t.url, httpMethod, "users.info", { token, user: "77" })).toEqual({
          ok: true,
          user: { id: "77", name: "Numeric User" },
        });
        expect(
          await success(t.url, httpMethod, "users.info", { token: demoTokens.read, user: 1042 }),
        ).toEqual({
          ok: true,
          user: { id: "1042", name: "Grace Hopper" },
        });
      });

      it("does not find another account's user", async () => {
        const answer = await callMethod(t.url, httpMethod, "users.info", { token, user: "u_fix_other" });
        expect(answer.body).toEqual({
          ok: false,
          error: "content_not_found",
          description: "user not found: u_fix_other",
        });
      });
    });

    it("quotes at most ~100 characters of a 100 kB value in a description", async () => {
      const huge = `et_${"x".repeat(100_000)}`;
      const quoted = `et_${"x".repeat(97)}… (99903 more characters)`;
      const type = await callMethod(t.url, "POST", "equipments.list", { token, equipmentType_id: huge });
      expect(type.body).toEqual({
        ok: false,
        error: "content_not_found",
        description: `equipment type not found: ${quoted}`,
      });
      const user = await callMethod(t.url, "POST", "users.info", { token, user: huge });
      expect(user.body).toEqual({
        ok: false,
        error: "content_not_found",
        description: `user not found: ${quoted}`,
      });
      const key = await callMethod(t.url, "POST", "resources.list", { token, [huge]: 1 });
      expect(key.body).toEqual({
        ok: false,
        error: "parameter_unexpected",
        description: `unexpected parameter: ${quoted}`,
      });
      // The whole answer stays small: nothing else reflects the value either.
      for (const answer of [type, user, key]) expect(answer.text.length).toBeLessThan(300);
    });

    it("answers the registry's example requests as the examples say (demo data)", async () => {
      for (const [name, definition] of Object.entries(methods)) {
        for (const example of definition.examples) {
          // An illustration of data the demo does not hold is checked against the schema only.
          if (example.illustrative) continue;
          const answer = await callMethod(t.url, "POST", name, example.request);
          expect(answer.body.ok, `${name}: ${example.title}`).toBe(example.response.ok);
          if (!example.response.ok) expect(answer.body).toEqual(example.response);
          else expect(methods[name as keyof typeof methods].result.parse(answer.body)).toEqual(answer.body);
        }
      }
    });
  });
});
