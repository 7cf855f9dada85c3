// The examples of equipments.create, update and retire against the demo data, on both
// stores: each example that is not illustrative answers exactly its response (the
// conformance kit compares them with a demo server the same way), and the illustrative
// ones, run in their order, answer their responses but for what the service chooses (the
// new id, the instants) and the statuses, computed at the write's instant as the schema's
// rules say.
import {
  type Equipment,
  equipmentSchema,
  equipmentStatusOf,
  errorResponseSchema,
  type MethodName,
  methods,
  type Schedule,
  scheduleStatusAt,
} from "@wsafe/schema";
import { testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoDataset } from "../src/demo/createDemoDataset.js";
import { callMethod } from "./support/callApi.js";
import { type DatasetServer, startDatasetServer } from "./support/startDatasetServer.js";

const writes = ["equipments.create", "equipments.update", "equipments.retire"] as const;

/** An example of a method, by title: its request, and its response's equipment or refusal. */
function example(method: MethodName, title: string) {
  const found = methods[method].examples.find((e) => e.title === title);
  if (!found) throw new Error(`${method} has no example titled ${title}`);
  const { request, response } = found;
  return {
    request,
    equipment: () => equipmentSchema.parse(Reflect.get(response, "equipment")),
    refusal: () => errorResponseSchema.parse(response),
  };
}

/** An example's record with what the service chooses taken from `answered`, statuses at `at`. */
function expected(record: Equipment, answered: Equipment, at: number): Equipment {
  const schedules = record.schedules.map((s: Schedule) => ({ ...s, status: scheduleStatusAt(s, at) }));
  const status = equipmentStatusOf(schedules.map((s) => s.status));
  return { ...record, id: answered.id, created: answered.created, status, schedules };
}

describe.each(testStores)("the equipment writes' examples on the demo data, $name", ({ skip, create }) => {
  let t: DatasetServer;
  beforeAll(async () => {
    if (skip) return;
    t = await startDatasetServer(create, [createDemoDataset()]);
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  const call = async (method: MethodName, request: object) =>
    (await callMethod(t.url, "POST", method, request)).body;

  it.skipIf(skip).each(writes)("%s answers each example that is not illustrative exactly", async (method) => {
    const examples = methods[method].examples.filter((e) => !e.illustrative);
    expect(examples.length).toBeGreaterThan(1);
    for (const { title, request, response } of examples)
      expect(await call(method, request), `${method}: ${title}`).toEqual(response);
  });

  it.skipIf(skip)("answers the illustrative examples, in their order, as they say", async () => {
    const created = example(
      "equipments.create",
      "The asset system adds the harness it bought, with its last inspection",
    );
    const made = await call("equipments.create", created.request);
    expect(made.ok, JSON.stringify(made)).toBe(true);
    const harness: Equipment = made.equipment;
    expect(made).toEqual({
      ok: true,
      equipment: expected(created.equipment(), harness, harness.created),
    });

    const taken = example(
      "equipments.create",
      "A second create with a key another equipment holds is refused, naming it",
    );
    const takenRefusal = taken.refusal();
    expect(await call("equipments.create", taken.request)).toEqual({
      ...takenRefusal,
      description: takenRefusal.description?.replace("eq_5c1e8a7d2b9f4036", harness.id),
    });

    const moved = example(
      "equipments.update",
      "The asset system moves its harness to the north office, if nobody changed it since",
    );
    const movedAnswer = await call("equipments.update", moved.request);
    expect(movedAnswer).toEqual({
      ok: true,
      equipment: expected(moved.equipment(), harness, Date.now()),
    });

    const late = example("equipments.update", "Someone changed it first: nothing changes");
    const lateRefusal = late.refusal();
    expect(await call("equipments.update", late.request)).toEqual({
      ...lateRefusal,
      description: lateRefusal.description?.replace("eq_5c1e8a7d2b9f4036", harness.id),
    });

    const scrapped = example("equipments.retire", "The asset system scraps its harness");
    const retired = await call("equipments.retire", scrapped.request);
    expect(retired).toEqual({
      ok: true,
      equipment: expected(scrapped.equipment(), harness, retired.retired_at),
      retired_at: retired.retired_at,
    });
  });

  it.skipIf(skip)("gives an imported equipment the asset system's key, as its example says", async () => {
    const keyed = example(
      "equipments.update",
      "An equipment the operator imported gets the asset system's key",
    );
    const answer = await call("equipments.update", keyed.request);
    expect(answer).toEqual({
      ok: true,
      // The demo dates its equipment from the day it is made: `created` is the demo's.
      equipment: expected(keyed.equipment(), answer.equipment, Date.now()),
    });
  });
});
