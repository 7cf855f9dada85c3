// How long an events.stream lives, on both stores, through @trpc/client and a plain
// EventSource: at most --streams-per-token open per token (the next refused with
// limit_reached naming the flag), ended after --stream-max-duration (the client resumes
// and its checks run again), ended within seconds when its token is deactivated or its
// account made inactive - on every server of the database - and logged when it opens and
// when it closes. Before, a stream lived as long as its connection, whatever happened to
// its token, and a token could open any number.
import { eventually, type ScratchDatabase, testStores } from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { importDataset } from "../src/import/importDataset.js";
import type { RunningServer, ServerOptions } from "../src/server/ServerOptions.js";
import { startServer } from "../src/server/startServer.js";
import { openStore } from "../src/store/openStore.js";
import { storeOf } from "../src/testing.js";
import { type CapturedLog, captureLog } from "./support/captureLog.js";
import { soonDataset, soonToken } from "./support/soonDataset.js";
import { followWithEventSource, followWithTrpc, type StreamReading } from "./support/streamClients.js";

/** How many streams a server said it opened. */
const openedLines = (log: CapturedLog) => log.lines.filter((line) => line.msg === "stream opened").length;

/** The revocation bound of the issue: a stream ends within 5 s of its token's change. */
const REVOKED_WITHIN_MS = 5_000;

describe.each(testStores)("an events.stream's lifetime on $name", ({ name, skip, create }) => {
  let db: ScratchDatabase;
  const servers: RunningServer[] = [];
  const readers: StreamReading[] = [];
  const follow = (reader: StreamReading) => {
    readers.push(reader);
    return reader;
  };
  const start = async (options: ServerOptions, log: CapturedLog = captureLog()) => {
    const server = await startServer({ port: 0, database: db.database, logger: log.logger, ...options });
    servers.push(server);
    return { server, log };
  };

  beforeAll(async () => {
    if (skip) return;
    db = await create();
    // Quiet for hours: the streams stay open with nothing to send.
    const store = await openStore(db.database);
    await importDataset(store, soonDataset(4, Date.now() + 3_600_000, Date.now() + 7_200_000));
    await store.close();
  }, 60_000);
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
    for (const server of servers.splice(0)) await server.close();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it.skipIf(skip)(
    "refuses a token's stream past --streams-per-token with limit_reached naming the flag, and takes one again once one closes",
    async () => {
      const { server, log } = await start({ streams: { perToken: 2 } });
      const token = soonToken(0);
      const open = [
        follow(followWithTrpc(server.url, { token })),
        follow(followWithEventSource(server.url, { token })),
      ];
      // tRPC says `connected` before the stream's checks run: the server's line says it is open.
      await eventually(() => openedLines(log) === 2, "two streams open");
      const third = follow(followWithTrpc(server.url, { token }));
      await eventually(() => third.error !== undefined, "the third is refused");
      expect(third.error?.code).toBe("limit_reached");
      expect(third.error?.message).toBe(
        "the token holds 2 open streams, the most a server allows it (--streams-per-token 2): close one before opening another",
      );
      // Another token of the same server is not counted with it.
      follow(followWithTrpc(server.url, { token: soonToken(1) }));
      await eventually(() => openedLines(log) === 3, "another token's stream opens");
      open[0]!.close();
      await eventually(() => log.lines.some((line) => line.msg === "stream closed"), "one closed");
      const again = follow(followWithTrpc(server.url, { token }));
      await eventually(() => openedLines(log) === 4, "a stream opens again once one closed");
      expect(again.error).toBeUndefined();
    },
    60_000,
  );

  it.skipIf(skip)(
    "ends a stream after --stream-max-duration, the client resumes, and both are logged with how long they lasted",
    async () => {
      const { server, log } = await start({ streams: { maxDurationMs: 1_000 } });
      const token = soonToken(0);
      const reading = follow(followWithEventSource(server.url, { token }));
      const lines = (message: string) => log.lines.filter((line) => line.msg === message);
      // The EventSource waits 3 s before it reconnects.
      await eventually(() => lines("stream opened").length >= 2, "the client resumed", { timeoutMs: 15_000 });
      const [closed] = lines("stream closed");
      expect(closed).toMatchObject({ account: "acc_soon_0", endedBy: "max_duration", events: 0 });
      expect(closed!.durationMs).toEqual(expect.any(Number));
      expect(lines("stream opened")[0]).toMatchObject({ account: "acc_soon_0", tokenStreams: 1 });
      expect(closed!.requestId).toBe(lines("stream opened")[0]!.requestId);
      expect(reading.error).toBeUndefined();
      // A token never appears in a line, nor its hash.
      expect(JSON.stringify(log.lines)).not.toContain(token);
    },
    30_000,
  );

  it.skipIf(skip)(
    "ends the streams of a deactivated token and of an inactive account within seconds, with the identifier their calls now answer",
    async () => {
      // On PostgreSQL a second server shares the database: the change reaches every server.
      const first = await start({});
      const second = name === "PostgreSQL" ? await start({}) : first;
      const revoked = soonToken(2);
      const closedAccount = soonToken(3);
      const byToken = [
        follow(followWithTrpc(first.server.url, { token: revoked })),
        follow(followWithEventSource(second.server.url, { token: revoked })),
      ];
      const byAccount = [
        follow(followWithTrpc(second.server.url, { token: closedAccount })),
        follow(followWithEventSource(first.server.url, { token: closedAccount })),
      ];
      const unaffected = follow(followWithTrpc(first.server.url, { token: soonToken(1) }));
      // tRPC says `connected` before the stream's checks run: the servers' lines say they are open.
      await eventually(
        () => openedLines(first.log) + (second === first ? 0 : openedLines(second.log)) === 5,
        "every stream open",
      );
      const store = storeOf(first.server);
      expect(await store.revokeToken(revoked)).toBe(true);
      await eventually(
        () => byToken.every((reading) => reading.error !== undefined),
        "the revoked token's streams end",
        {
          timeoutMs: REVOKED_WITHIN_MS,
        },
      );
      expect(await store.deactivateAccount("acc_soon_3")).toBe(true);
      await eventually(
        () => byAccount.every((reading) => reading.error !== undefined),
        "the inactive account's streams end",
        { timeoutMs: REVOKED_WITHIN_MS },
      );
      for (const reading of byToken)
        expect(reading.error).toEqual({ code: "token_inactive", message: "the token has been deactivated" });
      for (const reading of byAccount)
        expect(reading.error).toEqual({
          code: "account_inactive",
          message: "the token's account is not active",
        });
      expect(unaffected.error).toBeUndefined();
      // Each server says why its streams closed, once they have.
      const endings = () =>
        [...first.log.lines, ...(second === first ? [] : second.log.lines)]
          .filter((line) => line.msg === "stream closed")
          .map((line) => `${line.account} ${line.endedBy}`)
          .sort();
      await eventually(() => endings().length === 4, "four closing lines");
      expect(endings()).toEqual([
        "acc_soon_2 token_inactive",
        "acc_soon_2 token_inactive",
        "acc_soon_3 account_inactive",
        "acc_soon_3 account_inactive",
      ]);
    },
    60_000,
  );
});
