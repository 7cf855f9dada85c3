// The Operate page's procedures, copied from the built page by their titles and run with
// bash as a reader runs them: a PostgreSQL backup taken while a server runs, restored
// into a new database; the embedded store copied while stopped, restored into a new
// directory and started as the page says (`wsafe serve --no-deliveries`, which says so);
// each restored store then answers every method as the old one did. The wait
// between servers of an upgrade, against a server starting; a database newer than the
// server refused with the words the page quotes; and the certificate rotated under a
// running server, with a connection opened before it kept and served.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import {
  createPostgresDatabase,
  createScratchDirectory,
  freePort,
  loadServer,
  type PostgresScratchDatabase,
  postgresUrl,
  runWsafe,
  type ScratchDirectory,
  serveCli,
  skipWithout,
  startServerProcess,
} from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backupEmbedded,
  backupPostgres,
  type Procedure,
  restoreEmbedded,
  restorePostgres,
  rotateCertificate,
  serveRestored,
  waitUntilReady,
} from "../src/generate/operate/procedures.js";
import { copiedCode, mainHtml, pageHtml, textOf } from "./builtSite.js";
import { openTls } from "./openTls.js";
import { wsafeOnPath } from "./wsafeOnPath.js";

const { server } = await loadServer("@wsafe/docs: the Operate page's procedures");
type Store = { close(): Promise<void>; sql: { query(text: string, params?: unknown[]): Promise<unknown[]> } };
type Running = { url: string; close(): Promise<void> };
const module = server as unknown as {
  startServer(options: object): Promise<Running>;
  openStore(database: string): Promise<Store>;
  importDataset(store: Store, dataset: unknown): Promise<unknown>;
  createDemoDataset(options: object): unknown;
};

const tools = ["bash", "pg_dump", "pg_restore", "createdb", "psql", "tar", "curl", "openssl"];
const missing = tools.filter((tool) => spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0);
if (missing.length)
  console.warn(
    `\n*** apps/docs: SKIPPING the Operate page's procedures: ${missing.join(", ")} not installed ***\n`,
  );

/** The block of the built Operate page titled as `procedure`: the page's text, not the module's. */
function asWritten(procedure: Procedure): string {
  const shown = copiedCode(mainHtml(pageHtml("/operate/")), procedure.title);
  expect(shown).toBe(procedure.script);
  return shown;
}

/** Runs a procedure as written with bash (stopping at its first failing command), in `cwd`. */
function runProcedure(procedure: Procedure, cwd: string, env: Record<string, string>) {
  const run = spawnSync("bash", ["-e", "-o", "pipefail", "-c", asWritten(procedure)], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(run.stderr, procedure.title).toBe("");
  expect(run.status, procedure.title).toBe(0);
}

const token = "wsafe-demo-token-read";
const asOf = Date.UTC(2027, 0, 1);

/** The window of the events the import recorded: set when the store is filled, so both servers ask the same. */
const importWindow = { from: 0, to: 0 };

/** What a server answers to every read method of the demo account: what a restore must keep. */
async function answers(url: string): Promise<Record<string, unknown>> {
  const requests: Record<string, object> = {
    "resources.list": {},
    "equipments.list": { equipmentType_id: "et_harness", service_type: "all", as_of: asOf, limit: 1000 },
    "equipmentTypes.list": {},
    "users.info": { user: "u_ada" },
    "events.list": { ...importWindow, limit: 1000 },
    "webhooks.list": {},
  };
  const out: Record<string, unknown> = {};
  for (const [method, params] of Object.entries(requests)) {
    const response = await fetch(`${url}/v1/${method}`, {
      method: "POST",
      body: JSON.stringify({ token, ...params }),
    });
    out[method] = await response.json();
    expect((out[method] as { ok: boolean }).ok, `${method}: ${JSON.stringify(out[method])}`).toBe(true);
  }
  return out;
}

/** A small demo dataset, imported into a new store at `database`. */
async function fill(database: string) {
  const store = await module.openStore(database);
  importWindow.from = Date.now();
  await module.importDataset(store, module.createDemoDataset({ equipmentCount: 60 }));
  importWindow.to = Date.now();
  await store.close();
}

describe.skipIf(!server || missing.length > 0)("the Operate page's procedures, run as written", () => {
  let dir: ScratchDirectory;
  beforeAll(async () => {
    dir = await createScratchDirectory("operate");
  });
  afterAll(() => dir?.remove());

  describe.skipIf(skipWithout("PostgreSQL", "the PostgreSQL backup and upgrade procedures"))(
    "on PostgreSQL",
    () => {
      let db: PostgresScratchDatabase;
      const restoredName = () => `${db.name}_restored`;
      beforeAll(async () => {
        db = await createPostgresDatabase("operate");
        await fill(db.database);
      }, 180_000);
      afterAll(async () => {
        // The database the procedure made: this test's, named after its own scratch database.
        if (db)
          spawnSync("psql", [postgresUrl!, "-qc", `DROP DATABASE IF EXISTS ${restoredName()} WITH (FORCE)`]);
        await db?.drop();
      });

      it("backs up while a server runs, restores into a new database, and the restored one answers the same", async () => {
        const running = await module.startServer({ port: 0, http: true, database: db.database });
        let before: Record<string, unknown>;
        try {
          before = await answers(running.url);
          runProcedure(backupPostgres, dir.path, { WSAFE_DATABASE: db.database });
        } finally {
          await running.close();
        }
        const restoredUrl = db.database.replace(/\/[^/?]+(\?|$)/, `/${restoredName()}$1`);
        runProcedure(restorePostgres, dir.path, {
          WSAFE_DATABASE: db.database,
          RESTORE_NAME: restoredName(),
          RESTORE_DATABASE: restoredUrl,
        });
        const restored = await serveRestoredAsWritten(dir.path, restoredUrl, 0);
        try {
          expect(await answers(restored.url)).toEqual(before);
          expectDeliveriesOffSaid(restored.output());
        } finally {
          expect(await restored.stop()).toBe(0);
        }
      }, 240_000);

      it("refuses a database newer than the server, in the words the page quotes", async () => {
        const store = await module.openStore(db.database);
        await store.sql.query(
          "INSERT INTO schema_migrations (name, checksum) VALUES ('9999_from_the_future.sql', 'x')",
        );
        await store.close();
        const result = await runWsafe(["serve", "--port", "0", "--http", "--database", db.database], {
          cwd: dir.path,
        });
        expect(result.code).toBe(1);
        expect(result.stderr).toBe(
          "wsafe: cannot start: database has migration 9999_from_the_future.sql, which this version of wsafe does not know: a newer version applied it, and servers of earlier versions must not run beside it. Start the newer version instead (or restore a backup taken before it to go back)\n",
        );
        // The page quotes the same words, for a migration named 0011_x.sql.
        expect(textOf(mainHtml(pageHtml("/operate/")))).toContain(
          result.stderr
            .trim()
            .replace("wsafe: cannot start: ", "")
            .replace("9999_from_the_future.sql", "0011_x.sql"),
        );
      }, 120_000);
    },
  );

  it("backs up the embedded store while stopped, restores it into a new directory, and it answers the same; the wait for readiness returns once it is ready", async () => {
    const data = join(dir.path, "data");
    await fill(data);
    const first = await module.startServer({ port: 0, http: true, database: data });
    let before: Record<string, unknown>;
    try {
      before = await answers(first.url);
    } finally {
      await first.close();
    }
    runProcedure(backupEmbedded, dir.path, { WSAFE_DATABASE: data });
    const restoredDirectory = join(dir.path, "restored", "data");
    runProcedure(restoreEmbedded, dir.path, { RESTORE_DATABASE: restoredDirectory });
    // The wait between two servers of a rolling restart, run while this one starts.
    const port = await freePort();
    const waiting = spawnAsync("bash", ["-e", "-c", asWritten(waitUntilReady)], {
      WSAFE_URL: `http://127.0.0.1:${port}`,
    });
    const restored = await serveRestoredAsWritten(dir.path, restoredDirectory, port);
    try {
      expect(await waiting.exited).toBe(0);
      expect(await answers(restored.url)).toEqual(before);
      expectDeliveriesOffSaid(restored.output());
    } finally {
      waiting.child.kill();
      expect(await restored.stop()).toBe(0);
    }
  }, 240_000);

  it("rotates the certificate on SIGHUP: new connections get the new one, one opened before keeps being served", async () => {
    const certificate = (name: string, cn: string) =>
      spawnSync(
        "openssl",
        [
          "req",
          "-x509",
          "-newkey",
          "rsa:2048",
          "-nodes",
          "-days",
          "30",
          "-subj",
          `/CN=${cn}`,
          "-keyout",
          `${name}-key.pem`,
          "-out",
          `${name}-cert.pem`,
        ],
        { cwd: dir.path },
      );
    expect(certificate("first", "first.localhost").status).toBe(0);
    expect(certificate("renewed", "renewed.localhost").status).toBe(0);
    const certFile = join(dir.path, "cert.pem");
    const keyFile = join(dir.path, "key.pem");
    spawnSync("cp", ["first-cert.pem", certFile], { cwd: dir.path });
    spawnSync("cp", ["first-key.pem", keyFile], { cwd: dir.path });
    const serve = await serveCli(
      ["--port", "0", "--database", "memory://", "--tls-cert", certFile, "--tls-key", keyFile],
      {
        cwd: dir.path,
      },
    );
    try {
      const port = serve.port;
      const before = await openTls(port);
      expect(before.subject).toBe("first.localhost");
      expect(await before.get("/healthz")).toContain('"status":"alive"');
      runProcedure(rotateCertificate, dir.path, {
        WSAFE_TLS_CERT: certFile,
        WSAFE_TLS_KEY: keyFile,
        WSAFE_PID: String(serve.child.pid),
      });
      await until(() => serve.output().includes('"msg":"TLS certificate reloaded"'));
      expect((await openTls(port)).subject).toBe("renewed.localhost");
      // The connection opened before the rotation is still served, on its own certificate.
      expect(await before.get("/healthz")).toContain('"status":"alive"');
      before.socket.end();
      // Files it cannot serve (swapped) leave the renewed certificate in place, and say why.
      spawnSync("cp", ["renewed-key.pem", certFile], { cwd: dir.path });
      serve.child.kill("SIGHUP");
      await until(() =>
        serve.output().includes("TLS certificate not reloaded: still serving the previous one"),
      );
      expect(serve.output()).toContain("are --tls-cert and --tls-key swapped?");
      expect((await openTls(port)).subject).toBe("renewed.localhost");
      expect(serve.running()).toBe(true);
    } finally {
      await serve.stop();
    }
  }, 180_000);
});

/** Waits for a condition a running process brings about (a log line), up to 30 s. */
async function until(condition: () => boolean) {
  for (let waited = 0; waited < 30_000 && !condition(); waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(condition()).toBe(true);
}

/**
 * Starts the restored copy as the page says (`serveRestored`, run with bash), `wsafe` on
 * the PATH as an install puts it, over HTTP on `port` (0: any free one).
 */
function serveRestoredAsWritten(cwd: string, database: string, port: number) {
  return startServerProcess(["-e", "-c", asWritten(serveRestored)], {
    command: "bash",
    group: true,
    cwd,
    env: {
      PATH: `${wsafeOnPath(cwd)}:${process.env.PATH}`,
      RESTORE_DATABASE: database,
      WSAFE_PORT: String(port),
      WSAFE_HTTP: "1",
    },
  });
}

/** The copy said, before it was ready, that it sends no webhooks, in the words the page quotes. */
function expectDeliveriesOffSaid(output: string) {
  const said = output.split("\n");
  const off = said.findIndex((line) => line.startsWith("webhook deliveries are off (--no-deliveries)"));
  expect(off).toBeGreaterThanOrEqual(0);
  expect(off).toBeLessThan(said.findIndex((line) => line.startsWith("listening on ")));
  expect(textOf(mainHtml(pageHtml("/operate/")))).toContain(said[off]!.split(": ")[0]);
}

/** Starts a command without waiting for it: the wait for readiness runs while the server starts. */
function spawnAsync(command: string, args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(command, args, { env: { ...process.env, ...env }, stdio: "ignore" });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, exited };
}
