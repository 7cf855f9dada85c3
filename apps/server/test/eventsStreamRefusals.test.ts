// events.stream's checks through tRPC's own handler, in seconds (no instant to wait for):
// on both stores, each refusal answers /v1's identifier with /v1's words, and what passes the checks
// streams from where it asked - the events of its own equipment type replayed from an
// instant. The suites that follow instants as they pass (eventsStream, streamLifetime)
// take 20-30 s a file; this one is quick enough for Stryker's set (vitest.stryker.config.ts).
import { eventually, type ScratchDatabase, seedDatabase, testStores } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { soonDataset, soonToken } from "./support/soonDataset.js";
import { followWithTrpc, type StreamReading } from "./support/streamClients.js";

const writeOnlyToken = "soon-token-write-only-00000";

describe.each(testStores)("events.stream's refusals and starts on $name", ({ skip, create }) => {
  let db: ScratchDatabase;
  let server: RunningServer;
  const readers: StreamReading[] = [];
  const token = soonToken(0);
  const follow = (input: Parameters<typeof followWithTrpc>[1]) => {
    const reading = followWithTrpc(server.url, input);
    readers.push(reading);
    return reading;
  };

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    const dataset = soonDataset(2, Date.now() + 3_600_000, Date.now() + 7_200_000);
    dataset.tokens = [
      ...(dataset.tokens ?? []),
      { token: writeOnlyToken, account_id: "acc_soon_0", permissions: ["write"] },
    ];
    await seedDatabase({ openStore, importDataset }, db.database, dataset);
    server = await startServer({ port: 0, database: db.database, logger: false });
  }, 60_000);
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await server?.close();
    await db?.drop();
  });

  it.skipIf(skip)("refuses what /v1 refuses, with its identifiers and its words", async () => {
    const cases: [object, string, RegExp][] = [
      [{ token: "no-such-token-anywhere" }, "token_invalid", /^unknown token$/],
      [{ token: writeOnlyToken }, "token_permission", /^the token lacks the read permission$/],
      [
        { token, lastEventId: "ev_not_recorded" },
        "parameter_invalid",
        /^invalid parameter: lastEventId: no recorded event of the account has the id ev_not_recorded \(events are kept for .+\)$/,
      ],
      [
        { token, equipmentType_id: "et_soon_1" },
        "content_not_found",
        /^equipment type not found: et_soon_1$/,
      ],
      [{ token, type: "schedule.status_changed" }, "parameter_unexpected", /^unexpected parameter: type$/],
      [{ token, from: 0 }, "parameter_invalid", /^invalid parameter: from: events are kept for .+$/],
    ];
    for (const [input, error, message] of cases) {
      const reading = follow(input as { token: string });
      await eventually(() => reading.error !== undefined, `the refusal of ${JSON.stringify(input)}`);
      expect(reading.error?.code, JSON.stringify(input)).toBe(error);
      expect(reading.error?.message, JSON.stringify(input)).toMatch(message);
      expect(reading.events).toEqual([]);
    }
  });

  it.skipIf(skip)(
    "replays from an instant the events of the equipment type it names, and only those",
    async () => {
      const reading = follow({ token, from: Date.now() - 3_600_000, equipmentType_id: "et_soon_0" });
      await eventually(() => reading.events.length > 0, "the import's events, replayed");
      expect(reading.error).toBeUndefined();
      expect(new Set(reading.events.map((event) => event.equipment_id))).toEqual(new Set(["eq_soon_0"]));
    },
  );
});
