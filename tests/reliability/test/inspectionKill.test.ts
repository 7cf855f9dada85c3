// An inspection the service has answered is the certification record. A server killed
// with SIGKILL right after answering - no shutdown, nothing a stop would flush - still
// holds every inspection it answered when it starts again on the same embedded store, the
// schedule as the answer left it, and a retry with the same idempotency key answers the
// first answer without recording again. The embedded store runs the recording's prepared
// statements with PGlite's `syncToFs: false` inside their transaction: this is the check
// that the transaction's COMMIT alone makes them durable. (On PostgreSQL the database
// server, not the killed process, holds what was committed.)
import { randomUUID } from "node:crypto";
import { createPgliteDatabase, createTenantFixture, type ServerProcess } from "@wsafe/test-support";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureDatabase } from "../src/fixtureServer.js";
import { serveOn } from "../src/fixtureServer.js";
import { call, closePool, json, openPool, send } from "../src/httpsClient.js";
import { seedAndDump } from "../src/seededDump.js";

const fixture = createTenantFixture();
const token = fixture.tokens.alphaReadWrite;
/** An alpha harness and its schedule due in 9 days, last completed 300 days ago. */
const equipment = { equipment_id: "eq_alpha_1", schedule_id: "sch_alpha_b" };
const minute = 60_000;
const year = 365 * 86_400_000;

interface Equipment {
  id: string;
  schedules: {
    schedule_id: string;
    expiresOn: number | null;
    expiringOn: number | null;
    lastCompletedOn: number | null;
  }[];
}

/** The dates of the recorded schedule: what the next inspection is due by. */
function datesOf(item: Equipment) {
  const schedule = item.schedules.find((one) => one.schedule_id === equipment.schedule_id)!;
  const { expiresOn, expiringOn, lastCompletedOn } = schedule;
  return { expiresOn, expiringOn, lastCompletedOn };
}

describe("kill -9 right after inspections.record answers, on the embedded store", () => {
  let db: FixtureDatabase;
  const servers: ServerProcess[] = [];
  const pools: Pool[] = [];

  /** Starts `wsafe serve` on the store and opens a pool to it. */
  async function serve(): Promise<Pool> {
    const server = await serveOn(db);
    servers.push(server);
    const pool = openPool(server.url, 1);
    pools.push(pool);
    return pool;
  }

  beforeAll(async () => {
    const embedded = await createPgliteDatabase("inspection-kill");
    const seeded = await seedAndDump(embedded.database, fixture);
    db = { ...embedded, seeded, postgres: undefined };
  });

  afterAll(async () => {
    for (const pool of pools) await closePool(pool);
    for (const server of servers) if (server.running()) await server.stop("SIGKILL");
    await db?.drop();
  });

  it("keeps every answered inspection, and a retry answers the first answer", async () => {
    const first = await serve();
    // Three checks of one schedule, performed a minute apart: each moves its dates.
    const started = Date.now();
    const requests = [3, 2, 1].map((minutesAgo) => ({
      token,
      ...equipment,
      result: "passed",
      inspector_id: "u_alpha_1",
      performed_at: started - minutesAgo * minute,
      // The fixture's schedules have no interval: the inspector sets the next due date.
      expiresOn: started - minutesAgo * minute + year,
      idempotency_key: randomUUID(),
    }));
    const answers: Record<string, unknown>[] = [];
    for (const request of requests) {
      const answer = await send(first, call("inspections.record", request));
      expect(answer.status, answer.body.toString()).toBe(200);
      answers.push(json(answer));
    }
    // No shutdown: the process is gone the moment the last answer has arrived.
    servers[0]!.child.kill("SIGKILL");
    expect(await servers[0]!.exited).toBe("SIGKILL");

    const again = await serve();
    const history = json(await send(again, call("inspections.list", { token, ...equipment })));
    expect(history.ok).toBe(true);
    expect(history.inspections).toEqual(answers.map((answer) => answer.inspection));

    // The schedule's dates as the last answer left them.
    const listed = json(await send(again, call("equipments.list", { token, equipmentType_id: "et_alpha" })));
    const harness = (listed.equipments as Equipment[]).find((item) => item.id === equipment.equipment_id);
    const recorded = answers.at(-1)!.equipment as Equipment;
    expect(datesOf(harness!)).toEqual(datesOf(recorded));
    expect(datesOf(recorded)).toMatchObject({ lastCompletedOn: requests.at(-1)!.performed_at });

    // The last request sent again: the first answer, and no fourth inspection.
    const retried = json(await send(again, call("inspections.record", requests.at(-1))));
    expect(retried.inspection).toEqual(answers.at(-1)!.inspection);
    const after = json(await send(again, call("inspections.list", { token, ...equipment })));
    expect(after.inspections).toHaveLength(3);
  }, 180_000);
});
