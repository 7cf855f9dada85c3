// The notified loop against the store a server runs on: notifications through the real
// LISTEN/NOTIFY of PGlite and of PostgreSQL, and failures the database itself answers (a
// table that is not there yet). A lost listening connection: NotifiedLoop.deaf.test.ts.
// Times are bounds with room for a loaded machine: what each case tells apart is a round
// that comes against one that does not, or 1 s against 5 min.
import {
  createPostgresDatabase,
  eventually,
  type PostgresScratchDatabase,
  postgresUrl,
} from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../store/database/openPglite.js";
import { openPostgres } from "../store/database/openPostgres.js";
import type { Sql } from "../store/database/Sql.js";
import { type LoopRound, NotifiedLoop, type NotifiedLoopOptions, type RoundCause } from "./NotifiedLoop.js";

const channel = { name: "wsafe_loop_test" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The rounds a loop ran, with why and when; each answers what `answer` says. */
function roundsOf(
  answer: (cause: RoundCause, n: number) => Promise<number | undefined> | number | undefined,
) {
  const rounds: { cause: RoundCause; at: number }[] = [];
  const round: LoopRound = async (cause) => {
    rounds.push({ cause, at: performance.now() });
    return answer(cause, rounds.length);
  };
  return { rounds, round };
}

/** A log that keeps its lines. */
function keptLog() {
  const lines: { level: string; message: string }[] = [];
  const keep = (level: string) => (_fields: object, message: string) => lines.push({ level, message });
  return { lines, info: keep("info"), error: keep("error"), debug: keep("debug") };
}

/** The store's database, keeping the channels listened on until each is let go. */
function listening(sql: Sql) {
  const listened: string[] = [];
  const counting = Object.create(sql) as Sql;
  counting.listen = async (name, onNotify, onListening) => {
    const unlisten = await sql.listen(name, onNotify, onListening);
    listened.push(name);
    return async () => {
      listened.splice(listened.indexOf(name), 1);
      await unlisten();
    };
  };
  return { counting, listened };
}

/** A promise and what settles it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const stores = [
  { name: "PGlite", skip: false, open: async () => ({ sql: await openPglite("memory://"), db: undefined }) },
  {
    name: "PostgreSQL",
    skip: !postgresUrl,
    open: async () => {
      const db = await createPostgresDatabase("loop", postgresUrl, { template: "none" });
      return { sql: await openPostgres(db.database), db };
    },
  },
];

describe.each(stores)("a notified loop on $name", ({ skip, open }) => {
  let sql: Sql;
  let db: PostgresScratchDatabase | undefined;
  let loops: NotifiedLoop[] = [];
  const notify = (payload = "") => sql.query("SELECT pg_notify($1, $2)", [channel.name, payload]);
  const loopOf = (options: Partial<NotifiedLoopOptions> & Pick<NotifiedLoopOptions, "round">) => {
    const loop = new NotifiedLoop(sql, {
      name: "the test's work",
      channels: [channel],
      log: keptLog(),
      ...options,
    });
    loops.push(loop);
    return loop;
  };
  beforeAll(async () => {
    if (!skip) ({ sql, db } = await open());
  }, 60_000);
  afterEach(async () => {
    await Promise.all(loops.map((loop) => loop.stop()));
    loops = [];
  });
  afterAll(async () => {
    await sql?.close();
    await db?.drop();
  });

  it.skipIf(skip)(
    "runs a first round at start, then holds no timer while its round has nothing to watch",
    async () => {
      const { rounds, round } = roundsOf(() => undefined);
      // A poll applies to a sleep with a time only: nothing watched, nothing polled.
      await loopOf({ round, safetyPollMs: 50 }).start();
      await sleep(500);
      expect(rounds.map((r) => r.cause)).toEqual(["notified"]);
    },
  );

  it.skipIf(skip)(
    "runs a round for each notification it hears, and none for one its filter leaves out",
    async () => {
      const { rounds, round } = roundsOf(() => undefined);
      await loopOf({ round, heard: (payload) => payload !== "other" }).start();
      await eventually(() => rounds.length === 1, "the first round");
      await notify("other");
      await sleep(300);
      expect(rounds).toHaveLength(1);
      await notify("mine");
      await eventually(() => rounds.length === 2, "the notification's round");
      expect(rounds[1]?.cause).toBe("notified");
    },
  );

  it.skipIf(skip)(
    "keeps a notification that comes while a round runs: the next round follows at once",
    async () => {
      const busy = gate();
      const { rounds, round } = roundsOf(async (_cause, n) => {
        if (n === 1) await busy.opened;
        return Number.POSITIVE_INFINITY;
      });
      await loopOf({ round, safetyPollMs: 300_000 }).start();
      await notify();
      // The notification arrives while the first round still runs.
      await sleep(200);
      expect(rounds).toHaveLength(1);
      busy.open();
      await eventually(() => rounds.length === 2, "the round after the busy one", { timeoutMs: 5_000 });
      expect(rounds[1]?.cause).toBe("notified");
    },
  );

  it.skipIf(skip)("sleeps until the time its round answered, or its safety poll if sooner", async () => {
    const timed = roundsOf((_cause, n) => (n === 1 ? 300 : undefined));
    await loopOf({ round: timed.round }).start();
    await eventually(() => timed.rounds.length === 2, "the round at the time answered", { timeoutMs: 5_000 });
    expect(timed.rounds[1]?.cause).toBe("due");
    expect((timed.rounds[1]?.at ?? 0) - (timed.rounds[0]?.at ?? 0)).toBeGreaterThanOrEqual(290);
    const polled = roundsOf((_cause, n) => (n === 1 ? Number.POSITIVE_INFINITY : undefined));
    await loopOf({ round: polled.round, safetyPollMs: 200 }).start();
    await eventually(() => polled.rounds.length === 2, "the safety poll's round", { timeoutMs: 5_000 });
    expect(polled.rounds[1]?.cause).toBe("due");
  });

  it.skipIf(skip)("runs a round when its owner wakes it", async () => {
    const { rounds, round } = roundsOf(() => undefined);
    const loop = loopOf({ round });
    await loop.start();
    await eventually(() => rounds.length === 1, "the first round");
    loop.wake();
    await eventually(() => rounds.length === 2, "the woken round");
    expect(rounds[1]?.cause).toBe("woken");
  });

  it.skipIf(skip)(
    "backs off from 1 s, doubling, while the database fails, and says so once when it starts and once when it ends",
    async () => {
      await sql.query("DROP TABLE IF EXISTS loop_probe");
      const log = keptLog();
      const { rounds, round } = roundsOf(async () => {
        await sql.query("SELECT * FROM loop_probe");
        return undefined;
      });
      await loopOf({ round, log }).start();
      await eventually(() => rounds.length === 1, "the first round");
      // A notification during the backoff leaves its time as it is.
      await notify();
      await eventually(() => rounds.length === 3, "two tries again", { timeoutMs: 10_000 });
      const gaps = [1, 2].map((i) => (rounds[i]?.at ?? 0) - (rounds[i - 1]?.at ?? 0));
      expect(gaps[0]).toBeGreaterThanOrEqual(950);
      expect(gaps[1]).toBeGreaterThanOrEqual(1_950);
      await sql.query("CREATE TABLE loop_probe (id int)");
      await eventually(() => log.lines.some((line) => line.level === "info"), "it works again", {
        timeoutMs: 10_000,
      });
      expect(log.lines.filter((line) => line.level !== "debug").map((line) => line.message)).toEqual([
        expect.stringMatching(
          /^the test's work paused: the database failed \(.*loop_probe.*\); trying again in 1 second, then less often, up to every 30 seconds$/,
        ),
        expect.stringMatching(/^the test's work resumed: the database answers again after [\d.]+ s$/),
      ]);
      await sql.query("DROP TABLE loop_probe");
    },
    30_000,
  );

  it.skipIf(skip)(
    "waits out a hold for the notifications that come during it, then runs one round",
    async () => {
      let loop: NotifiedLoop | undefined;
      const { rounds, round } = roundsOf((_cause, n) => {
        loop?.holdNotifications(n === 1 ? 500 : 0);
        return undefined;
      });
      loop = loopOf({ round });
      await loop.start();
      await eventually(() => rounds.length === 1, "the first round");
      await Promise.all([notify(), notify(), notify()]);
      await sleep(200);
      expect(rounds).toHaveLength(1);
      await eventually(() => rounds.length === 2, "the round after the hold", { timeoutMs: 5_000 });
      await sleep(300);
      expect(rounds).toHaveLength(2);
      expect((rounds[1]?.at ?? 0) - (rounds[0]?.at ?? 0)).toBeGreaterThanOrEqual(450);
    },
  );

  it.skipIf(skip)(
    "stops: ends a sleep with no timer, waits for the round under way, and stops listening",
    async () => {
      const { counting, listened } = listening(sql);
      const busy = gate();
      const { rounds, round } = roundsOf(async (_cause, n) => {
        if (n === 2) await busy.opened;
        return undefined;
      });
      const loop = new NotifiedLoop(counting, {
        name: "the test's work",
        channels: [channel],
        round,
        log: keptLog(),
      });
      await loop.start();
      expect(listened).toEqual([channel.name]);
      await eventually(() => rounds.length === 1, "the first round");
      loop.wake();
      await eventually(() => rounds.length === 2, "the round that the stop waits for");
      let stopped = false;
      const stopping = loop.stop().then(() => {
        stopped = true;
      });
      await sleep(200);
      expect(stopped).toBe(false);
      busy.open();
      await stopping;
      expect(listened).toEqual([]);
      await notify();
      loop.wake();
      await sleep(200);
      expect(rounds).toHaveLength(2);
      // A loop asleep with no timer stops at once, and a second stop is the first.
      const idle = loopOf({ round: async () => undefined });
      await idle.start();
      await idle.idle();
      await Promise.all([idle.stop(), idle.stop()]);
    },
  );

  it.skipIf(skip)("stopped while it starts, lets go of its channels and runs no round", async () => {
    const { counting, listened } = listening(sql);
    const { rounds, round } = roundsOf(() => undefined);
    const loop = new NotifiedLoop(counting, {
      name: "the test's work",
      channels: [channel],
      round,
      log: keptLog(),
    });
    await Promise.all([loop.start(), loop.stop()]);
    expect(listened).toEqual([]);
    expect(rounds).toEqual([]);
  });

  it.skipIf(skip)(
    "fails its start on a channel it cannot listen on, letting go of those it listened on",
    async () => {
      const { counting, listened } = listening(sql);
      const { rounds, round } = roundsOf(() => undefined);
      const loop = new NotifiedLoop(counting, {
        name: "the test's work",
        channels: [channel, { name: "not a channel; DROP TABLE x" }],
        round,
        log: keptLog(),
      });
      await expect(loop.start()).rejects.toThrow();
      expect(listened).toEqual([]);
      expect(rounds).toEqual([]);
    },
  );
});
