// events.stream through deploy/'s topology (HAProxy in front of three `wsafe serve`):
// a rolling restart with a stream open on every server stops each at once with exit 0,
// and every reader resumes through the proxy on another server with nothing missed or
// repeated, though events are recorded while its server is down; a revoked token and an
// inactive account end their streams on every server within seconds. Before, one open
// stream held each stop for the whole --shutdown-timeout and made it exit 1, and a stream
// outlived its token.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { type DatasetInput, defaultEventTypes } from "@wsafe/schema";
import { importDataset, openStore } from "@wsafe/server";
import { eventually, plainEquipment } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FollowedStream, followStream } from "../src/followStream.js";
import { missingServices } from "../src/services.js";
import { startTopology, type Topology } from "../src/startTopology.js";

const missing = missingServices();
const account = "acc_deploy_streams";
const newToken = (label: string) => `deploy-${label}-${randomBytes(12).toString("hex")}`;
/** Tokens of the account: one followed through the restarts, one revoked, one of an account deactivated. */
const tokens = { rolling: newToken("rolling"), revoked: newToken("revoked"), closed: newToken("closed") };

/** The account's equipment `id`, with one schedule far from now: importing it records two events. */
function equipmentDataset(id: string): DatasetInput {
  return {
    equipments: [
      plainEquipment(id, "et_deploy_streams", 1, {
        metavalues: {},
        schedules: [
          {
            schedule_id: "sch",
            expiringOn: Date.now() + 30 * 86_400_000,
            expiresOn: Date.now() + 60 * 86_400_000,
            lastCompletedOn: Date.now(),
          },
        ],
      }),
    ],
  };
}

describe.skipIf(missing.length > 0)("events.stream through the reference deployment", () => {
  let topology: Topology;
  const readers: FollowedStream[] = [];
  /** Imports through PgBouncer, as another process of the deployment would. */
  const importThroughPool = async (dataset: DatasetInput) => {
    const store = await openStore(topology.database.pooled);
    try {
      await importDataset(store, dataset);
    } finally {
      await store.close();
    }
  };
  /** How many streams each server said it opened (its JSON log lines). */
  const openedPerServer = () =>
    topology.servers.map((server) => server.process.output().split('"msg":"stream opened"').length - 1);
  /** Opens one reader per server through the proxy: round robin sends each next request to the next server. */
  const oneReaderPerServer = async (token: string) => {
    const opened: FollowedStream[] = [];
    for (let i = 0; i < topology.servers.length; i++) {
      const before = openedPerServer().reduce((sum, n) => sum + n, 0);
      const reader = followStream(topology.proxyUrl, topology.certificate, token);
      readers.push(reader);
      opened.push(reader);
      await eventually(() => openedPerServer().reduce((sum, n) => sum + n, 0) > before, "the stream opens");
    }
    return opened;
  };

  beforeAll(async () => {
    topology = await startTopology({
      rateLimit: "100000/60s",
      async seed(pooledUrl) {
        const store = await openStore(pooledUrl);
        try {
          await importDataset(store, {
            accounts: [
              { id: account, name: "Streamed" },
              { id: "acc_deploy_closed", name: "Closed soon" },
            ],
            tokens: [
              { token: tokens.rolling, account_id: account },
              { token: tokens.revoked, account_id: account },
              { token: tokens.closed, account_id: "acc_deploy_closed" },
            ],
            equipmentTypes: [
              { id: "et_deploy_streams", account_id: account, name: "Harness", metafields: [] },
            ],
          });
        } finally {
          await store.close();
        }
      },
    });
  });
  afterAll(async () => {
    for (const reader of readers) await reader.stop();
    await topology?.stop();
  });

  it("stops each server at once with exit 0 in a rolling restart, and every reader resumes elsewhere with nothing missed or repeated", async () => {
    const followers = await oneReaderPerServer(tokens.rolling);
    expect(
      openedPerServer().every((count) => count >= 1),
      `streams per server: ${openedPerServer()}`,
    ).toBe(true);
    const exits: (number | string)[] = [];
    const stopMs: number[] = [];
    for (const [index, server] of topology.servers.entries()) {
      const stopping = performance.now();
      exits.push(await server.process.stop("SIGTERM"));
      stopMs.push(Math.round(performance.now() - stopping));
      // Recorded while this server is down: its reader gets them after it resumes.
      await importThroughPool(equipmentDataset(`eq_rolling_${index}`));
      await topology.restart(server);
      await topology.allUp();
    }
    console.log(`deployment: each server stopped with its streams open in ${stopMs.join(", ")} ms`);
    expect(exits).toEqual([0, 0, 0]);
    const store = await openStore(topology.database.direct);
    let recorded: string[];
    try {
      recorded =
        // What a stream that names no type gets: the status transitions (an import's
        // equipment.created reaches only a reader that names it).
        (
          await store.sql.query<{ id: string }>(
            "SELECT id FROM events WHERE account_id = $1 AND type = ANY($2::text[]) ORDER BY sequence",
            [account, defaultEventTypes],
          )
        ).map((row) => row.id);
    } finally {
      await store.close();
    }
    expect(recorded).toHaveLength(6);
    await eventually(
      () => followers.every((reader) => reader.events.length >= recorded.length),
      "every reader has every event",
      { timeoutMs: 30_000 },
    );
    for (const reader of followers) {
      expect(reader.error).toBeUndefined();
      expect(reader.events.map((event) => event.id)).toEqual(recorded);
    }
  });

  it("ends a revoked token's streams and an inactive account's on every server within seconds", async () => {
    const revoked = await oneReaderPerServer(tokens.revoked);
    const closed = await oneReaderPerServer(tokens.closed);
    const wsafe = (...args: string[]) =>
      promisify(execFile)(process.execPath, [
        topology.wsafeBin,
        ...args,
        "--database",
        topology.database.pooled,
      ]);
    // The bound: within 5 s of the change, on every server.
    await wsafe("tokens", "revoke", tokens.revoked);
    await eventually(
      () => revoked.every((reader) => reader.error !== undefined),
      "the revoked token's streams end",
      {
        timeoutMs: 5_000,
      },
    );
    await wsafe("accounts", "deactivate", "acc_deploy_closed");
    await eventually(
      () => closed.every((reader) => reader.error !== undefined),
      "the account's streams end",
      {
        timeoutMs: 5_000,
      },
    );
    for (const reader of revoked) expect(reader.error?.code).toBe("token_inactive");
    for (const reader of closed) expect(reader.error?.code).toBe("account_inactive");
  });
});
