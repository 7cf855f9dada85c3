// The schema's examples of equipmentTypes.create/update and schedules.set/remove against
// the demo data, on both stores: each example that is not illustrative answers exactly
// its response (what the conformance kit compares verbatim) and writes nothing; the
// illustrative type creation answers its shape with an id of the service's.
import { methods } from "@wsafe/schema";
import { testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeOf } from "../src/testing.js";
import { callMethod } from "./support/callApi.js";
import { type FixtureServer, startFixtureServer } from "./support/startFixtureServer.js";

const owned = [
  "equipmentTypes.create",
  "equipmentTypes.update",
  "schedules.set",
  "schedules.remove",
] as const;

describe.each(testStores)("the examples of the type and schedule writes on $name", ({ skip, create }) => {
  let t: FixtureServer;
  beforeAll(async () => {
    if (skip) return;
    t = await startFixtureServer(create);
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  const written = async () => {
    const sql = storeOf(t.server).sql;
    const [row] = await sql.query(
      `SELECT (SELECT count(*) FROM equipment_types)::text AS types, (SELECT count(*) FROM schedules)::text AS schedules,
              (SELECT coalesce(sum(version), 0) FROM equipments)::text AS versions,
              (SELECT count(*) FROM events WHERE cause = 'api')::text AS events,
              (SELECT count(*) FROM inspection_requests)::text AS keys`,
    );
    return row;
  };

  const cases = owned.flatMap((name) =>
    methods[name].examples
      .filter((example) => !example.illustrative)
      .map((example) => [name, example] as const),
  );

  it("has examples to hold", () => {
    expect(cases.length).toBeGreaterThanOrEqual(6);
  });

  it.skipIf(skip).each(cases)("%s: the example holds", async (name, example) => {
    const before = await written();
    const answer = await callMethod(t.url, "POST", name, example.request);
    expect(answer.body).toEqual(example.response);
    if (!example.response.ok) expect(await written()).toEqual(before);
  });

  it.skipIf(skip)("equipmentTypes.create: the illustrative example, with the service's id", async () => {
    const [example] = methods["equipmentTypes.create"].examples;
    const answer = await callMethod(t.url, "POST", "equipmentTypes.create", example?.request ?? {});
    const expected = example?.response as { equipmentType: object };
    expect(answer.body).toEqual({
      ...expected,
      equipmentType: { ...expected.equipmentType, id: expect.stringMatching(/^et_[0-9a-f]{16}$/) },
    });
  });
});
