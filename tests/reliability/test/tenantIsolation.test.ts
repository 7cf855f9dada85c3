import type { MethodName } from "@wsafe/schema";
import { importDataset, openStore } from "@wsafe/server";
import { createTenantFixture, plainEquipment, type ServerProcess } from "@wsafe/test-support";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idParameters } from "../src/contract.js";
import { recordFigure } from "../src/figures.js";
import { createFixtureDatabase, type FixtureDatabase, launchOn } from "../src/fixtureServer.js";
import { type Answer, call, closePool, json, openPool, send } from "../src/httpsClient.js";
import {
  newBetaEquipment,
  type Probe,
  type ProbeValue,
  registerIsolationProbes,
} from "../src/registerIsolationProbes.js";

const SAMPLES = Number(process.env.WSAFE_ISOLATION_SAMPLES ?? 150);

const fixture = createTenantFixture();

/** Where webhooks may point in this suite: loopback over http, never called (`deliver: false`). */
const hookUrl = "http://127.0.0.1:9/wsafe-isolation";

const probes: Record<string, Probe> = {
  "equipments.list equipmentType_id": {
    foreign: fixture.beta.equipmentTypes,
    missing: ["et_zzzz"],
    base: { service_type: "all", include_null_metavalues: true },
    asker: "alphaRead",
  },
  "events.list equipmentType_id": {
    foreign: fixture.beta.equipmentTypes,
    missing: ["et_zzzz"],
    // A window within the retention, around the fixture's own dates.
    base: { from: Date.now() - 86_400_000, to: Date.now() + 86_400_000 },
    asker: "alphaRead",
  },
  "users.info user": {
    // The integer form is the same id (`users.info`'s `user` parameter in `@wsafe/schema`): probe both spellings.
    foreign: [...fixture.beta.users, 2042],
    missing: ["u_zzzz_1", "9042", 9042],
    base: {},
    asker: "alphaRead",
  },
  "webhooks.create equipmentType_id": {
    foreign: fixture.beta.equipmentTypes,
    missing: ["et_zzzz"],
    base: { url: hookUrl },
    asker: "alphaReadWrite",
  },
  // Beta's endpoints are made in beforeAll, one per probe: the owner's check of
  // webhooks.delete deletes its own.
  "webhooks.delete id": { foreign: [], missing: ["wh_0000000000000000"], base: {}, asker: "alphaReadWrite" },
  "webhooks.deliveries webhook_id": {
    foreign: [],
    missing: ["wh_0000000000000000"],
    base: {},
    asker: "alphaRead",
  },
  "webhooks.rotate_secret id": {
    foreign: [],
    missing: ["wh_0000000000000000"],
    base: {},
    asker: "alphaReadWrite",
  },
  "webhooks.redeliver webhook_id": {
    foreign: [],
    missing: ["wh_0000000000000000"],
    base: {},
    asker: "alphaReadWrite",
  },
  // Beta's event, delivered to beta's endpoint; alpha asks on its own endpoint, beta on its own
  // (both set in beforeAll).
  "webhooks.redeliver event_id": {
    foreign: [],
    missing: ["ev_000000000000000000000000"],
    base: {},
    asker: "alphaReadWrite",
  },
  // Alpha asks with its own schedule, equipment and inspector beside the probed id, so the
  // probed id is the only thing another account holds; beta's own check records for real.
  "inspections.record equipment_id": {
    foreign: ["eq_beta_1", "eq_beta_2"],
    missing: ["eq_zzzz_1"],
    base: inspection({ schedule_id: "sch_alpha_b", inspector_id: "u_alpha_1" }),
    ownerBase: inspection({ schedule_id: "sch_beta_b", inspector_id: "u_beta_1" }),
    asker: "alphaReadWrite",
  },
  "inspections.record schedule_id": {
    foreign: ["sch_beta_a", "sch_beta_b"],
    missing: ["sch_zzzz"],
    base: inspection({ equipment_id: "eq_alpha_1", inspector_id: "u_alpha_1" }),
    ownerBase: inspection({ equipment_id: "eq_beta_1", inspector_id: "u_beta_1" }),
    asker: "alphaReadWrite",
  },
  "inspections.record inspector_id": {
    foreign: fixture.beta.users,
    missing: ["u_zzzz_1"],
    base: inspection({ equipment_id: "eq_alpha_1", schedule_id: "sch_alpha_b" }),
    ownerBase: inspection({ equipment_id: "eq_beta_1", schedule_id: "sch_beta_b" }),
    asker: "alphaReadWrite",
  },
  "inspections.list equipment_id": {
    foreign: ["eq_beta_1"],
    missing: ["eq_zzzz_1"],
    base: {},
    asker: "alphaRead",
  },
  "inspections.list schedule_id": {
    foreign: ["sch_beta_a", "sch_beta_b"],
    missing: ["sch_zzzz"],
    base: { equipment_id: "eq_alpha_1" },
    ownerBase: { equipment_id: "eq_beta_1" },
    asker: "alphaRead",
    reference: { ok: true, inspections: [] },
  },
  "inspections.list equipmentType_id": {
    foreign: fixture.beta.equipmentTypes,
    missing: ["et_zzzz"],
    base: {},
    asker: "alphaRead",
  },
  "inspections.list inspector_id": {
    foreign: fixture.beta.users,
    missing: ["u_zzzz_1"],
    base: {},
    asker: "alphaRead",
  },
};

Object.assign(probes, registerIsolationProbes(fixture));

/** A passed inspection's parameters beside the probed id, with the next date given (the fixture's schedules have no interval). */
function inspection(ids: object): object {
  return { ...ids, result: "passed", expiresOn: Date.now() + 400 * 86_400_000 };
}

/** The answer with the probed id blanked out and the per-request headers dropped. */
function shape(answer: Answer, id: ProbeValue) {
  const body = json(answer);
  const text = JSON.stringify(body).replaceAll(String(id), "<id>");
  const headers = Object.keys(answer.headers)
    .filter((name) => !["date", "svc-request-id", "svc-response-time", "content-length"].includes(name))
    .sort();
  return { status: answer.status, body: JSON.parse(text) as unknown, headers };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const serverOptions = {
  rateLimit: { points: 1e9, durationSeconds: 60 },
  webhooks: { allowHttp: true, allowPrivate: true, deliver: false },
};

describe("tenant isolation", () => {
  let db: FixtureDatabase;
  let server: ServerProcess;
  let pool: Pool;

  beforeAll(async () => {
    db = await createFixtureDatabase("isolation", fixture);
    server = await launchOn(db, serverOptions);
    // One socket: requests run one at a time, so their timings do not disturb each other.
    pool = openPool(server.url, 1);
    const make = async (token: string, key: string) => {
      const made = json(await send(pool, call("webhooks.create", { token, url: hookUrl }))) as {
        ok: boolean;
        webhook?: { id: string };
      };
      expect(made.ok, `an endpoint for ${key}`).toBe(true);
      return made.webhook!.id;
    };
    // Beta's equipment for the register's probes: one holding a key, one retired by id and
    // one by key by the owner's checks, one whose schedules the owner's checks remove.
    const create = async (extra: object) => {
      const made = json(
        await send(
          pool,
          call("equipments.create", { token: fixture.tokens.betaRead, ...newBetaEquipment, ...extra }),
        ),
      ) as { ok: boolean; equipment?: { id: string } };
      expect(made.ok, `beta's equipment ${JSON.stringify(extra)}`).toBe(true);
      return made.equipment!.id;
    };
    const noDates = { expiresOn: null, expiringOn: null, lastCompletedOn: null };
    await create({ external_id: "ERP-BETA-HELD" });
    await create({ external_id: "ERP-BETA-RETIRE" });
    probes["equipments.retire id"]!.foreign.push(await create({}));
    const scheduled = await create({
      schedules: [
        { schedule_id: "sch_beta_a", ...noDates },
        { schedule_id: "sch_probe", ...noDates },
      ],
    });
    probes["schedules.remove equipment_id"]!.foreign.push(scheduled);
    probes["schedules.remove schedule_id"]!.ownerBase = { equipment_id: scheduled };
    for (const key of [
      "webhooks.delete id",
      "webhooks.deliveries webhook_id",
      "webhooks.rotate_secret id",
      "webhooks.redeliver webhook_id",
    ])
      probes[key]!.foreign.push(await make(fixture.tokens.betaRead, key));
    // An event of beta's recorded once beta has an endpoint, so that it has a delivery: an
    // import, with the server stopped (the embedded store belongs to one process).
    const eventKey = "webhooks.redeliver event_id";
    const betaEndpoint = await make(fixture.tokens.betaRead, eventKey);
    probes[eventKey]!.base = { webhook_id: await make(fixture.tokens.alphaReadWrite, eventKey) };
    probes[eventKey]!.ownerBase = { webhook_id: betaEndpoint };
    await closePool(pool);
    await server.stop();
    const store = await openStore(db.database);
    try {
      await importDataset(store, {
        equipments: [
          plainEquipment("eq_beta_isolation", fixture.beta.equipmentTypes[0]!, 1, { metavalues: {} }),
        ],
      });
      const [event] = await store.sql.query<{ id: string }>(
        "SELECT event_id AS id FROM webhook_deliveries WHERE webhook_id = $1 LIMIT 1",
        [betaEndpoint],
      );
      probes[eventKey]!.foreign.push(event!.id);
    } finally {
      await store.close();
    }
    server = await launchOn(db, serverOptions);
    pool = openPool(server.url, 1);
  });

  afterAll(async () => {
    await closePool(pool);
    await server?.stop();
    await db?.drop();
  });

  it("has a probe for every id-bearing parameter of the registry", () => {
    const names = idParameters().map(({ method, parameter }) => `${method} ${parameter}`);
    expect(names.sort()).toEqual(Object.keys(probes).sort());
  });

  const cases = idParameters().map(({ method, parameter }) => ({
    method,
    parameter,
    key: `${method} ${parameter}`,
  }));

  it.each(cases)(
    "$key: another account's ids answer exactly like ids that do not exist",
    async ({ method, parameter, key }) => {
      const probe = probes[key]!;
      const ask = (token: string, id: ProbeValue) =>
        send(pool, call(method as MethodName, { token, ...probe.base, [parameter]: id }));
      const asker = fixture.tokens[probe.asker];
      const reference = shape(await ask(asker, probe.missing[0]!), probe.missing[0]!);
      expect(reference.body).toMatchObject(probe.reference ?? { ok: false, error: "content_not_found" });
      expect(probe.foreign.length, `${key} has another account's ids to probe`).toBeGreaterThan(0);
      for (const id of [...probe.foreign, ...probe.missing]) {
        expect(shape(await ask(asker, id), id), `${key} = ${JSON.stringify(id)}`).toEqual(reference);
      }
      // And the owner does see them: the probe ids are real.
      for (const id of probe.foreign) {
        const owned = call(method as MethodName, {
          token: fixture.tokens.betaRead,
          ...(probe.ownerBase ?? probe.base),
          [parameter]: id,
        });
        expect(json(await send(pool, owned)).ok, `beta sees ${id}`).toBe(true);
      }
    },
  );

  it.each(cases)(
    "$key: another account's ids take as long as ids that do not exist",
    async ({ method, parameter, key }) => {
      const probe = probes[key]!;
      const foreign = probe.foreign[0]!;
      const missing = probe.missing[0]!;
      const timings = { foreign: [] as number[], missing: [] as number[] };
      const ask = (id: ProbeValue) =>
        send(
          pool,
          call(method as MethodName, { token: fixture.tokens[probe.asker], ...probe.base, [parameter]: id }),
        );
      for (let i = 0; i < 20; i++) await ask(i % 2 ? foreign : missing); // warm-up
      for (let i = 0; i < SAMPLES; i++) {
        // Interleaved, so drift of the machine's load hits both alike.
        const order = i % 2 === 0 ? (["foreign", "missing"] as const) : (["missing", "foreign"] as const);
        for (const kind of order)
          timings[kind].push((await ask(kind === "foreign" ? foreign : missing)).elapsedMs);
      }
      const a = median(timings.foreign);
      const b = median(timings.missing);
      console.log(
        `isolation: ${key}: median ${a.toFixed(2)} ms for another account's id vs ${b.toFixed(2)} ms for a missing id (${SAMPLES} samples each, ${db.kind})`,
      );
      recordFigure(`isolation: ${key} median foreign/missing`, `${a.toFixed(2)} / ${b.toFixed(2)} ms`);
      // Same time class only: a lookup that found the record and then hid it would show as a
      // clear, systematic gap, not the noise of a shared machine.
      expect(Math.abs(a - b)).toBeLessThan(Math.max(5, 0.5 * Math.min(a, b)));
    },
  );

  it("never lists another account's records", async () => {
    const alpha = JSON.stringify(
      json(await send(pool, call("resources.list", { token: fixture.tokens.alphaRead }))),
    );
    const beta = JSON.stringify(
      json(await send(pool, call("resources.list", { token: fixture.tokens.betaRead }))),
    );
    expect(alpha).toContain("res_alpha_0");
    expect(beta).toContain("res_beta_0");
    for (const marker of fixture.betaMarkers) expect(alpha).not.toContain(marker);
    expect(beta).not.toContain("alpha");
  });
});
