import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testFixture as fixture } from "./requestArbitrary/testFixture.js";
import { requestArbitrary } from "./requestArbitrary.js";

const SEED = 20261123;
const RUNS = 2000;

describe(requestArbitrary, () => {
  // `WSAFE_FUZZ_SEED` replays a failing fuzz run only while the same seed yields the same
  // requests. The parameters of the contract feed the generator, so a change of them moves
  // these figures too: re-pin with `vitest -u` once the counts below look right.
  it("generates the same requests for the same seed", () => {
    const hash = createHash("sha256");
    const kinds: Record<string, number> = {};
    for (const request of fc.sample(requestArbitrary(fixture, Date.UTC(2026, 10, 26)), {
      seed: SEED,
      numRuns: RUNS,
    })) {
      const { body, ...rest } = request;
      hash.update(JSON.stringify({ ...rest, chunked: rest.chunked ?? null }));
      hash.update(body === undefined ? "(none)" : createHash("sha256").update(body).digest("hex"));
      const kind = request.label.split(" (")[0]!.replace(/^POST \d+-byte body$/, "POST n-byte body");
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    expect(kinds).toMatchInlineSnapshot(`
      {
        "DELETE request": 8,
        "GET bad percent-encoding": 63,
        "GET empty query": 4,
        "GET equipmentTypes.list": 60,
        "GET equipmentTypes.list with =": 6,
        "GET equipments.list": 45,
        "GET equipments.list with =": 7,
        "GET events.list": 60,
        "GET events.list with =": 10,
        "GET inspections.list": 48,
        "GET inspections.list with =": 7,
        "GET inspections.record": 49,
        "GET inspections.record with =": 9,
        "GET non-object data": 40,
        "GET non-object data with =": 11,
        "GET resources.list": 47,
        "GET resources.list with =": 4,
        "GET users.info": 66,
        "GET users.info with =": 5,
        "GET webhooks.create": 43,
        "GET webhooks.create with =": 2,
        "GET webhooks.delete": 53,
        "GET webhooks.delete with =": 2,
        "GET webhooks.deliveries": 47,
        "GET webhooks.deliveries with =": 4,
        "GET webhooks.list": 54,
        "GET webhooks.list with =": 5,
        "GET webhooks.redeliver": 41,
        "GET webhooks.redeliver with =": 2,
        "GET webhooks.rotate_secret": 41,
        "GET webhooks.rotate_secret with =": 10,
        "GET without query": 11,
        "HEAD request": 13,
        "LOCK request": 4,
        "OPTIONS request": 9,
        "PATCH request": 5,
        "POST BOM only": 8,
        "POST equipmentTypes.list": 86,
        "POST equipments.list": 70,
        "POST events.list": 67,
        "POST inspections.list": 78,
        "POST inspections.record": 68,
        "POST invalid UTF-8": 27,
        "POST n-byte body": 7,
        "POST non-object data": 54,
        "POST resources.list": 61,
        "POST users.info": 72,
        "POST webhooks.create": 75,
        "POST webhooks.delete": 64,
        "POST webhooks.deliveries": 69,
        "POST webhooks.list": 72,
        "POST webhooks.redeliver": 46,
        "POST webhooks.rotate_secret": 60,
        "POST without body": 7,
        "PROPFIND request": 7,
        "PURGE request": 11,
        "PUT request": 9,
        "TRACE request": 11,
        "unknown method URL": 76,
      }
    `);
    expect(hash.digest("hex")).toMatchInlineSnapshot(
      `"a8b476738b8099593468b7d812eb952127b0e7a1a2c0cd19dfa807e741cc4eee"`,
    );
  });
});
