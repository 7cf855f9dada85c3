// A write sent once through the reference deployment is recorded once, even when its
// server dies after the commit and before the answer, and the caller sent no
// idempotency_key (as `curl` and most callers do). One server reaches PgBouncer through a
// TCP relay of the test's own that passes the server's `COMMIT` on and holds the
// database's reply back; the server is killed (`kill -9`) while it waits. The database has
// committed, the server never answered, HAProxy sees the connection die. Were the proxy to
// send the request again to another server (as deploy/'s configuration once did for every
// request), the inspection would be recorded twice. A read in the same place is sent again
// and answered: the caller sees nothing.
import { randomBytes } from "node:crypto";
import { importDataset, openStore } from "@wsafe/server";
import { plainEquipment } from "@wsafe/test-support";
import pg from "pg";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseRelay, type StatementMatch, startDatabaseRelay } from "../src/databaseRelay.js";
import { readBackendRetries } from "../src/haproxyStats.js";
import { missingServices } from "../src/services.js";
import { startTopology, type Topology } from "../src/startTopology.js";

const missing = missingServices();
const account = "acc_deploy_replay";
const token = `deploy-replay-${randomBytes(12).toString("hex")}`;

/** The `COMMIT` of a transaction that recorded an inspection. */
const inspectionCommit: StatementMatch = (statement, transaction) =>
  /^\s*commit\b/i.test(statement) &&
  transaction.some((earlier) => earlier.includes("INSERT INTO inspections"));
/** The query of `inspections.list`. */
const inspectionsQuery: StatementMatch = (statement) => /\bFROM inspections\b/.test(statement);

/** What a caller got: the HTTP status and the body's `ok` (wsafe answers 200 with `ok: false` when it refuses), or `"reset"` when the connection died without an answer. */
type Outcome = { status: number; ok: unknown } | "reset";

describe.skipIf(missing.length > 0)("a server killed after its commit, behind the reference proxy", () => {
  let topology: Topology;
  let relay: DatabaseRelay;
  let agent: Agent;
  let database: pg.Client;

  beforeAll(async () => {
    topology = await startTopology({
      rateLimit: "100000/60s",
      async seed(pooledUrl) {
        const store = await openStore(pooledUrl);
        try {
          await importDataset(store, {
            accounts: [{ id: account, name: "Replayed" }],
            tokens: [{ token, account_id: account, permissions: ["read", "write"] }],
            users: [{ id: "u_replay", account_id: account, name: "Ada Replay" }],
            equipmentTypes: [{ id: "et_replay", account_id: account, name: "Harness", metafields: [] }],
            equipments: [
              plainEquipment("eq_replay", "et_replay", 1, {
                metavalues: {},
                schedules: [{ schedule_id: "sch", expiringOn: null, expiresOn: null, lastCompletedOn: null }],
              }),
            ],
          });
        } finally {
          await store.close();
        }
      },
    });
    const pooled = new URL(topology.database.pooled);
    relay = await startDatabaseRelay({ host: pooled.hostname, port: Number(pooled.port) });
    agent = new Agent({ connect: { ca: topology.certificate } });
    database = new pg.Client({ connectionString: topology.database.direct });
    await database.connect();
  });
  afterAll(async () => {
    await database?.end();
    await agent?.close();
    await topology?.stop();
    await relay?.close();
  });

  const victim = () => topology.servers[1]!;

  /** Starts the victim again with its queries through the relay, and waits until the proxy has it back. */
  async function behindRelay() {
    if (victim().process.running()) await victim().process.stop("SIGTERM");
    const url = new URL(topology.database.pooled);
    url.port = String(relay.port);
    await topology.restart(victim(), { WSAFE_DATABASE: url.toString() });
    await topology.allUp();
  }

  /** Sends one call through the proxy, on its own connection. */
  async function send(method: "GET" | "POST", path: string, body?: object): Promise<Outcome> {
    try {
      const response = await request(`${topology.proxyUrl}${path}`, {
        dispatcher: agent,
        method,
        headers: { "content-type": "application/json", connection: "close" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.body.text();
      const ok = response.headers["content-type"]?.includes("json") ? JSON.parse(text).ok : undefined;
      return { status: response.statusCode, ok };
    } catch {
      return "reset";
    }
  }

  /**
   * Sends calls (each made by `call` from a marker of its own) until one reaches the
   * victim and the relay holds its reply, then kills the victim: what that call's caller
   * got, and its marker. Calls the proxy sends to the other servers are answered meanwhile.
   */
  async function killWhileHeld(hold: StatementMatch, call: (marker: string) => Promise<Outcome>) {
    const held = relay.holdReplyAfter(hold);
    // Round robin over three servers: one of three calls goes to the victim.
    for (let attempt = 0; attempt < 6; attempt++) {
      const marker = `replay-${randomBytes(6).toString("hex")}`;
      const outcome = call(marker);
      const first = await Promise.race([outcome.then(() => "answered"), held.then(() => "held")]);
      if (first === "answered") continue;
      const killedAt = performance.now();
      expect(await victim().process.stop("SIGKILL")).toBe("SIGKILL");
      const got = await outcome;
      console.log(
        `replay: the held call answered ${JSON.stringify(got)} ${Math.round(performance.now() - killedAt)} ms after kill -9`,
      );
      return { marker, outcome: got };
    }
    throw new Error("no call reached the server behind the relay in 6 tries; did its SQL change?");
  }

  const inspectionsNoted = async (marker: string) =>
    (await database.query("SELECT count(*)::int AS n FROM inspections WHERE notes = $1", [marker])).rows[0].n;

  const record = (marker: string) => ({
    token,
    equipment_id: "eq_replay",
    schedule_id: "sch",
    result: "failed",
    inspector_id: "u_replay",
    notes: marker,
  });

  it("records a /v1 write once, with no idempotency_key: the caller gets the proxy's error", async () => {
    await behindRelay();
    const { marker, outcome } = await killWhileHeld(inspectionCommit, (notes) =>
      send("POST", "/v1/inspections.record", record(notes)),
    );
    // Committed before the kill, and not again by another server.
    expect(await inspectionsNoted(marker)).toBe(1);
    expect([502, 503, "reset"]).toContain(outcome === "reset" ? outcome : outcome.status);
  });

  it("records a tRPC mutation once, with no idempotency_key: the caller gets the proxy's error", async () => {
    await behindRelay();
    const { marker, outcome } = await killWhileHeld(inspectionCommit, (notes) =>
      send("POST", "/trpc/inspections.record", record(notes)),
    );
    expect(await inspectionsNoted(marker)).toBe(1);
    expect([502, 503, "reset"]).toContain(outcome === "reset" ? outcome : outcome.status);
  });

  it("sends a read in the same place to another server, and the caller gets its answer", async () => {
    await behindRelay();
    const before = await readBackendRetries(topology.statsUrl);
    const { outcome } = await killWhileHeld(inspectionsQuery, () =>
      send(
        "GET",
        `/v1/inspections.list?${encodeURIComponent(JSON.stringify({ token, equipment_id: "eq_replay" }))}`,
      ),
    );
    const after = await readBackendRetries(topology.statsUrl);
    expect(outcome).toEqual({ status: 200, ok: true });
    expect(after.retries + after.redispatches).toBeGreaterThan(before.retries + before.redispatches);
  });
});
