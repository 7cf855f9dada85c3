import type { MethodName } from "@wsafe/schema";
import { importDataset, openStore } from "@wsafe/server";
import { createTenantFixture, plainEquipment, type ServerProcess } from "@wsafe/test-support";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idParameters, notLookedUp, registryParameters } from "../src/contract.js";
import { recordFigure } from "../src/figures.js";
import { createFixtureDatabase, type FixtureDatabase, launchOn } from "../src/fixtureServer.js";
import { type Answer, call, closePool, json, openPool, send } from "../src/httpsClient.js";
import { hookUrl, isolationProbes } from "../src/isolationProbes.js";

const SAMPLES = Number(process.env.WSAFE_ISOLATION_SAMPLES ?? 150);

const fixture = createTenantFixture();

const probes = isolationProbes(fixture);

/** The answer with the probed id (or the one id of a list) blanked out and the per-request headers dropped. */
function shape(answer: Answer, id: unknown) {
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
    // Each parameter said to name nothing looked up is one the registry has.
    const all = new Set(registryParameters().map(({ method, parameter }) => `${method} ${parameter}`));
    expect(Object.keys(notLookedUp).filter((key) => !all.has(key))).toEqual([]);
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
      if (probe.beforeAsking) {
        const { id, external_id } = probe.beforeAsking;
        const given = json(
          await send(pool, call("equipments.update", { token: fixture.tokens.betaRead, id, external_id })),
        ) as { ok: boolean };
        expect(given.ok, `beta's key ${external_id}`).toBe(true);
      }
      const ask = (token: string, id: unknown) =>
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
      const ask = (id: unknown) =>
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
