// N servers on one PostgreSQL each record time events as instants pass: recording is
// idempotent by the stable id and serialised by the event clock's lock, so each event is
// recorded once, with one sequence, and every server answers the same events.
import type { Event } from "@wsafe/schema";
import { createPostgresDatabase, type ScratchDatabase, seedDatabase, skipWithout } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { callMethod } from "./support/callApi.js";
import { soonDataset, soonToken } from "./support/soonDataset.js";

const skip = skipWithout("PostgreSQL", "three servers recording events on one PostgreSQL");
const SERVERS = 3;
const ACCOUNTS = 4;

describe.skipIf(skip)("events recorded by three servers on one PostgreSQL", () => {
  let db: ScratchDatabase;
  const servers: RunningServer[] = [];
  let expiringAt = 0;
  let expiredAt = 0;

  beforeAll(async () => {
    db = await createPostgresDatabase("events-servers");
    expiringAt = Date.now() + 5_000;
    expiredAt = expiringAt + 1_000;
    await seedDatabase(
      { openStore, importDataset },
      db.database,
      soonDataset(ACCOUNTS, expiringAt, expiredAt),
    );
    for (let i = 0; i < SERVERS; i++)
      servers.push(await startServer({ port: 0, database: db.database, logger: false }));
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) await server.close();
    await db?.drop();
  });

  it("records each event once, and every server answers the same events", async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiredAt + 1_500 - Date.now())));
    const window = { from: expiringAt, to: expiredAt, limit: 1000 };
    for (let account = 0; account < ACCOUNTS; account++) {
      const answers: Event[][] = [];
      for (const server of servers) {
        const answer = await callMethod(server.url, "POST", "events.list", {
          token: soonToken(account),
          ...window,
        });
        answers.push(answer.body.events);
      }
      const events = answers[0]!;
      // Two instants, a schedule's and its equipment's transition at each: four, each recorded.
      expect(events.map((event) => `${event.occurred_at} ${event.type} ${event.to}`).sort()).toEqual(
        [
          `${expiringAt} equipment.status_changed expiring`,
          `${expiringAt} schedule.status_changed expiring`,
          `${expiredAt} equipment.status_changed expired`,
          `${expiredAt} schedule.status_changed expired`,
        ].sort(),
      );
      for (const answer of answers.slice(1)) expect(answer).toEqual(events);
      // One equipment: its sequences rise with its instants.
      const bySequence = [...events].sort((a, b) => a.sequence! - b.sequence!);
      expect(bySequence.map((event) => event.occurred_at)).toEqual(
        [...events].map((event) => event.occurred_at).sort((a, b) => a - b),
      );
    }
  }, 30_000);
});
