// The notified loop on PostgreSQL when its listening connection is lost and cannot come
// back for a while: its sleeps are bounded by its deaf poll, and once it listens again it
// runs a round for what it may have missed, then sleeps until told. PGlite's one
// connection lives in the process and is never lost.
import {
  createPostgresDatabase,
  eventually,
  type PostgresScratchDatabase,
  postgresUrl,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LISTENER_APPLICATION_NAME } from "../store/database/listenPostgres.js";
import { openPostgres } from "../store/database/openPostgres.js";
import type { Sql } from "../store/database/Sql.js";
import { NotifiedLoop, type RoundCause } from "./NotifiedLoop.js";

const channel = { name: "wsafe_loop_test" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The rounds a loop ran and why; each answers "nothing due that it knows of". */
function roundsOf() {
  const rounds: { cause: RoundCause }[] = [];
  const round = async (cause: RoundCause) => {
    rounds.push({ cause });
    return Number.POSITIVE_INFINITY;
  };
  return { rounds, round };
}

const quiet = { info() {}, error() {} };

describe.skipIf(!postgresUrl)("a notified loop whose listening connection is lost", () => {
  let db: PostgresScratchDatabase;
  let sql: Sql;
  let admin: pg.Client;
  let loop: NotifiedLoop | undefined;
  beforeAll(async () => {
    db = await createPostgresDatabase("loop_deaf", postgresUrl, { template: "none" });
    sql = await openPostgres(db.database);
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await loop?.stop();
    await admin?.query(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS true`).catch(() => {});
    await admin?.end();
    await sql?.close();
    await db?.drop();
  });

  it("polls at its deaf poll until it listens again, then runs a round for what it missed and sleeps", async () => {
    const { rounds, round } = roundsOf();
    loop = new NotifiedLoop(sql, {
      name: "the test's work",
      channels: [channel],
      round,
      log: quiet,
      safetyPollMs: 300_000,
      deafPollMs: 200,
    });
    await loop.start();
    await eventually(() => rounds.length === 1, "the first round");
    // The listener cannot connect again until the database lets it.
    await admin.query(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS false`);
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2",
      [db.name, LISTENER_APPLICATION_NAME],
    );
    await sleep(1_500);
    const deaf = rounds.length - 1;
    expect(deaf).toBeGreaterThanOrEqual(3);
    expect(rounds.slice(1).every((r) => r.cause === "due")).toBe(true);
    await admin.query(`ALTER DATABASE ${db.name} WITH ALLOW_CONNECTIONS true`);
    await eventually(() => rounds.some((r) => r.cause === "notified" && r !== rounds[0]), "listening again", {
      timeoutMs: 20_000,
    });
    // Heard again: it sleeps (5 min) until told, and a notification tells it.
    await sleep(500);
    const heard = rounds.length;
    await sleep(1_000);
    expect(rounds.length).toBe(heard);
    await sql.query("SELECT pg_notify($1, '')", [channel.name]);
    await eventually(() => rounds.length === heard + 1, "the notification after the reconnection");
  }, 60_000);
});
