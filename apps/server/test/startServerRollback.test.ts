// A start that fails part-way leaves nothing open, wherever it fails: the ports can be
// bound again at once, the embedded store's directory opened again, the database and
// Redis hold no connection of it, and a process whose start failed ends by itself with
// the start's own error. A start that failed after the listener left the app listening,
// the store open and the rate limiter connected; one that failed at the app (a key that
// is not the certificate's) left the store, the metrics listener and Redis.
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { createSecureContext } from "node:tls";
import { fileURLToPath } from "node:url";
import {
  createPgliteDatabase,
  createPostgresDatabase,
  eventually,
  freePort,
  type PgliteScratchDatabase,
  type PostgresScratchDatabase,
  postgresUrl,
  redisUrl,
  runWsafe,
  serverNodeOptions,
  skipWithout,
  testCertificate,
} from "@wsafe/test-support";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensurePortFree } from "../src/server/ensurePortFree.js";
import { startServer } from "../src/server/startServer.js";

// Each case opens a store, some in a Node process of their own: room on busy machines.
vi.setConfig({ testTimeout: 180_000 });

const serverEntry = fileURLToPath(new URL("../dist/index.js", import.meta.url));

/** How a process that only called `startServer` ended once its start failed. */
interface ChildEnd {
  code: number | null | "still running";
  stderr: string;
}

/**
 * Starts a Node process that calls the built `startServer` with `options` and, when the
 * start fails, prints `cannot start: <message>` and sets exit code 1 - without
 * `process.exit`, so it ends only when nothing of the server is left open. Resolves with
 * its end, or `still running` when it has not ended 10 s after saying its start failed.
 */
function startInChild(options: Record<string, unknown>): Promise<ChildEnd> {
  const script = `
    const { startServer } = await import(process.env.WSAFE_SERVER_ENTRY);
    await startServer(JSON.parse(process.env.WSAFE_START_OPTIONS)).then(
      () => console.error("started"),
      (error) => {
        console.error("cannot start: " + error.message);
        process.exitCode = 1;
      },
    );`;
  const child = spawn(process.execPath, [...serverNodeOptions, "--input-type=module", "--eval", script], {
    env: { ...process.env, WSAFE_SERVER_ENTRY: serverEntry, WSAFE_START_OPTIONS: JSON.stringify(options) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk;
      timer ??= setTimeout(() => {
        child.kill("SIGKILL");
        resolve({ code: "still running", stderr });
      }, 10_000);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** Node's own error for a certificate and key that do not go together. */
function refusal(tls: { cert: string; key: string }): string {
  try {
    createSecureContext(tls);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("the certificate and key go together");
}

describe.skipIf(skipWithout("Redis", "a failed start's rollback of its Redis connection"))(
  "a start that fails at the app, after the store, the metrics listener and Redis",
  () => {
    // A store for each case: one left locked must not fail the other.
    let db: PgliteScratchDatabase;
    let childDb: PgliteScratchDatabase;
    let options: Record<string, unknown>;
    let expected: string;
    beforeAll(async () => {
      db = await createPgliteDatabase("rollback");
      childDb = await createPgliteDatabase("rollback-child");
      // The key of another certificate, as when a renewal replaced one file and not the other.
      const { cert } = await testCertificate();
      const key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
        type: "pkcs8",
        format: "pem",
      });
      const tls = { cert, key: String(key) };
      expected = refusal(tls);
      options = { port: 0, redisUrl, tls };
    });
    afterAll(async () => {
      await db?.drop();
      await childDb?.drop();
    });

    it("rejects with Node's own error, and the metrics port and the store's directory are free at once", async () => {
      const metricsPort = await freePort();
      await expect(startServer({ ...options, database: db.database, metricsPort })).rejects.toMatchObject({
        message: expected,
      });
      await expect(ensurePortFree(metricsPort, "127.0.0.1", "metrics")).resolves.toBeUndefined();
      // The embedded store refuses a second opener while the first holds it, even in one process.
      const next = await startServer({ port: 0, database: db.database, http: true });
      await next.close();
    });

    it("leaves nothing that keeps a process alive: it ends by itself, exit code 1", async () => {
      expect(
        await startInChild({ ...options, database: childDb.database, metricsPort: await freePort() }),
      ).toEqual({
        code: 1,
        stderr: `cannot start: ${expected}\n`,
      });
    });
  },
);

describe.skipIf(skipWithout("PostgreSQL", "a failed start's rollback after its listener"))(
  "a start that fails after the listener: a database role that may not read the events",
  () => {
    let db: PostgresScratchDatabase;
    let admin: pg.Client;
    let database: string;
    // Roles belong to the whole PostgreSQL server: one of this run's own.
    const role = `wsafe_rollback_${process.pid}_${Date.now() % 100_000}`;
    const connectionsOfRole = async () =>
      Number(
        (await admin.query("SELECT count(*) AS n FROM pg_stat_activity WHERE usename = $1", [role])).rows[0]
          .n,
      );
    beforeAll(async () => {
      db = await createPostgresDatabase("rollback");
      admin = new pg.Client({ connectionString: db.database });
      await admin.connect();
      // Everything a server uses but reading the events, which it first does after it
      // listens: to say at start what the store holds against the retention.
      await admin.query(`CREATE ROLE ${role} LOGIN`);
      await admin.query(`GRANT ALL ON SCHEMA public TO ${role}`);
      await admin.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${role}`);
      await admin.query(`GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
      await admin.query(`REVOKE SELECT ON events FROM ${role}`);
      const url = new URL(db.database);
      url.username = role;
      database = url.toString();
    });
    afterAll(async () => {
      await admin?.end();
      await db?.drop();
      if (!postgresUrl) return;
      const server = new pg.Client({ connectionString: postgresUrl });
      await server.connect();
      await server.query(`DROP ROLE IF EXISTS ${role}`);
      await server.end();
    });

    it("rejects with the database's error, the port is free at once and the role holds no connection", async () => {
      const port = await freePort();
      await expect(startServer({ port, http: true, database })).rejects.toThrow(
        "permission denied for table events",
      );
      await expect(ensurePortFree(port, "127.0.0.1", "api")).resolves.toBeUndefined();
      // The connections were ended; PostgreSQL's backends then leave within moments.
      await eventually(async () => (await connectionsOfRole()) === 0, "the role holds no connection");
    });

    it("leaves nothing that keeps a process alive: it ends by itself, exit code 1", async () => {
      expect(await startInChild({ port: 0, http: true, database })).toEqual({
        code: 1,
        stderr: "cannot start: permission denied for table events\n",
      });
    });

    it("ends `wsafe serve` with the line it always printed for the cause, exit 1", async () => {
      const result = await runWsafe(["serve", "--http", "--port", "0", "--database", database]);
      expect(result.stderr).toBe("wsafe: cannot start: permission denied for table events\n");
      expect(result.code).toBe(1);
    });
  },
);
