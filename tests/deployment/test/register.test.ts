// The register's writes through the reference deployment (issue 49): three servers behind
// HAProxy on one PostgreSQL (through PgBouncer). Writers that read the same version and
// send it as `if_version` race through the proxy, spread over the three servers: exactly
// one wins, the others are told `version_mismatch`, and one version and one event follow.
// Then a mirror that follows `equipments.changes` through the proxy while writers create,
// change and retire equipment on every server holds what `equipments.list` answers.
import type { Equipment } from "@wsafe/schema";
import { importDataset, openStore } from "@wsafe/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxyClient } from "../src/proxyClient.js";
import { missingServices } from "../src/services.js";
import { startTopology, type Topology } from "../src/startTopology.js";

const missing = missingServices();
const account = "acc_deploy_register";
const writeToken = "deploy-register-write-000000";
const type = "et_deploy_register";

/** The refusal a client call threw, as its identifier, or "ok". */
const outcome = (call: Promise<unknown>) =>
  call.then(
    () => "ok",
    (error: { error?: string; code?: string }) => error.error ?? error.code ?? "unknown",
  );

describe.skipIf(missing.length > 0)("the register's writes through the reference deployment", () => {
  let topology: Topology;
  let api: ReturnType<typeof proxyClient>;

  beforeAll(async () => {
    topology = await startTopology({
      rateLimit: "100000/60s",
      async seed(pooledUrl) {
        const store = await openStore(pooledUrl);
        try {
          await importDataset(store, {
            accounts: [{ id: account, name: "Register" }],
            tokens: [{ token: writeToken, account_id: account, permissions: ["read", "write"] }],
            equipmentTypes: [{ id: type, account_id: account, name: "Forklift", metafields: [] }],
          });
        } finally {
          await store.close();
        }
      },
    });
    // No retries: a race's loser must be seen as it was answered.
    api = proxyClient(topology.proxyUrl, topology.certificate, { token: writeToken, retries: false });
  }, 180_000);
  afterAll(async () => {
    await api?.close();
    await topology?.stop();
  });

  it("lets exactly one of twelve writers with the same if_version change the equipment", async () => {
    const { equipment } = await api.client.equipments.create({
      equipmentType_id: type,
      serialNumber: "FL-RACE",
      external_id: "ERP-RACE",
    });
    expect(equipment.version).toBe(1);
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, writer) =>
        outcome(
          api.client.equipments.update({
            external_id: "ERP-RACE",
            if_version: 1,
            notes: `writer ${writer}`,
          }),
        ),
      ),
    );
    expect(outcomes.filter((answer) => answer === "ok")).toHaveLength(1);
    expect(outcomes.filter((answer) => answer === "version_mismatch")).toHaveLength(11);
    const { equipments } = await api.client.equipments.list({ equipmentType_id: type, service_type: "all" });
    const raced = equipments.find((candidate) => candidate.id === equipment.id);
    expect(raced?.version).toBe(2);
    expect(raced?.notes).toBe(`writer ${outcomes.indexOf("ok")}`);
    const { events } = await api.client.events.list({
      types: ["equipment.updated"],
      from: Date.now() - 600_000,
    });
    expect(events.filter((event) => event.equipment_id === equipment.id)).toHaveLength(1);
  });

  it("keeps a mirror that follows equipments.changes equal to equipments.list while every server writes", async () => {
    const mirror = new Map<string, Equipment>();
    let cursor: string | undefined;
    const catchUp = async () => {
      for (;;) {
        const answer = await api.client.equipments.changes({ ...(cursor && { cursor }), limit: 7 });
        for (const change of answer.changes) {
          if (change.equipment === null) mirror.delete(change.id);
          else mirror.set(change.id, change.equipment);
        }
        cursor = answer.next_cursor;
        if (!answer.has_more) return;
      }
    };
    await catchUp();
    const made: string[] = [];
    for (let round = 0; round < 4; round++) {
      // Eight writes at once, spread by the proxy over the three servers.
      await Promise.all(
        Array.from({ length: 8 }, async (_, lane) => {
          const step = round * 8 + lane;
          if (lane < 4 || made.length < 3) {
            const { equipment } = await api.client.equipments.create({
              equipmentType_id: type,
              serialNumber: `FL-${step}`,
              isInService: step % 3 !== 0,
            });
            made.push(equipment.id);
          } else if (lane < 6) {
            const id = made[step % made.length]!;
            await outcome(api.client.equipments.update({ id, notes: `step ${step}` }));
          } else {
            const id = made.splice(step % made.length, 1)[0]!;
            await outcome(api.client.equipments.retire({ id }));
          }
        }),
      );
      await catchUp();
      const { equipments } = await api.client.equipments.list({
        equipmentType_id: type,
        service_type: "all",
        limit: 1000,
      });
      expect(new Map(equipments.map((equipment) => [equipment.id, equipment]))).toEqual(mirror);
    }
  });
});
