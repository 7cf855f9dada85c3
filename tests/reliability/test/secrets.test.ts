import { createHash } from "node:crypto";
import { type Dirent, existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createTenantFixture, runWsafe, type ServerProcess, workspaceRoot } from "@wsafe/test-support";
import type { Pool } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "../src/figures.js";
import { createFixtureDatabase, type FixtureDatabase, serveOn } from "../src/fixtureServer.js";
import { call, closePool, json, mapConcurrent, openPool, send } from "../src/httpsClient.js";
import { dumpDatabase } from "../src/seededDump.js";

const postgresLogFile = "/tmp/wsafe-services/pg/server.log";
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Every spelling of a token a careless log or table could hold. */
function spellings(token: string): string[] {
  return [
    token,
    encodeURIComponent(token),
    Buffer.from(token).toString("hex"),
    Buffer.from(token).toString("base64"),
    Buffer.from(token).toString("base64url"),
  ];
}

describe("secrets", () => {
  const fixture = createTenantFixture();
  let db: FixtureDatabase;
  let server: ServerProcess;
  let pool: Pool;
  let logFile: string;
  let issued: string;
  let tokens: string[];

  beforeAll(async () => {
    db = await createFixtureDatabase("secrets", fixture);
    logFile = join(db.directory, "server.log");
    const cli = async (...args: string[]) => {
      const ran = await runWsafe([...args, "--database", db.database], { cwd: workspaceRoot });
      if (ran.code !== 0) throw new Error(`wsafe ${args.join(" ")} exited ${ran.code}: ${ran.output}`);
      return ran;
    };
    // A token issued through the command line too: it is printed once, then only its hash is kept.
    issued = (await cli("tokens", "create", "--account", "acc_alpha")).stdout.trim();
    tokens = [...Object.values(fixture.tokens), issued];
    // `wsafe serve` logs JSON lines on stdout: that is the log an operator keeps.
    server = await serveOn(db, ["--rate-limit", "30/60s"], { logFile });
    pool = openPool(server.url, 4);
  });

  afterAll(async () => {
    await closePool(pool);
    await server?.stop();
    await db?.drop();
  });

  it("authenticates the issued token (the scan below looks for a real secret)", async () => {
    expect(issued).toMatch(/^\S{16,}$/);
    expect(json(await send(pool, call("users.info", { token: issued, user: "u_alpha_1" }))).ok).toBe(true);
  });

  it("does not take a stolen hash for the token", async () => {
    for (const token of tokens) {
      const answer = json(await send(pool, call("resources.list", { token: sha256(token) })));
      expect(answer).toMatchObject({ ok: false, error: "token_invalid" });
    }
  });

  it("answers an unknown token in the same time whatever it shares with a real one", async () => {
    // The server looks tokens up by their SHA-256 digest and compares digests with
    // timingSafeEqual (Store.findToken): a token that shares a long prefix with a real
    // one hashes to something unrelated, so it must cost the same as a random one.
    const real = fixture.tokens.betaRead;
    const variants = {
      "shares all but the last character": `${real.slice(0, -1)}${real.endsWith("A") ? "B" : "A"}`,
      "shares nothing": `z${"q".repeat(real.length - 1)}`,
    };
    const timings: Record<string, number[]> = Object.fromEntries(
      Object.keys(variants).map((name) => [name, []]),
    );
    for (let i = 0; i < 120; i++) {
      for (const [name, token] of Object.entries(variants)) {
        const answer = await send(pool, call("resources.list", { token }));
        expect(json(answer).error).toBe("token_invalid");
        if (i >= 20) timings[name]!.push(answer.elapsedMs);
      }
    }
    const [a, b] = Object.values(timings).map(median) as [number, number];
    console.log(
      `secrets: token_invalid median ${a.toFixed(2)} ms (near miss) vs ${b.toFixed(2)} ms (unrelated)`,
    );
    expect(Math.abs(a - b)).toBeLessThan(Math.max(5, 0.5 * Math.min(a, b)));
  });

  it("keeps no plain token in the logs of a full run or in the database", async () => {
    // A full run: every token, both channels, every kind of answer the pipeline gives a
    // token (ok, inactive, inactive account, permission, bad parameter, not found, rate limited).
    const requests = tokens.flatMap((token) => [
      call("resources.list", { token }),
      call("users.info", { token, user: "nobody" }),
      call("equipments.list", { token, equipmentType_id: "et_alpha", colums: [] }),
      {
        method: "GET",
        path: "/v1/users.info",
        query: encodeURIComponent(JSON.stringify({ token, user: "u_alpha_1", pretty: true })),
        body: undefined,
        contentType: undefined,
        label: "GET",
      },
    ]);
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const answers = await mapConcurrent(requests, 4, (request) => send(pool, request));
      for (const answer of answers) {
        const body = json(answer) as { ok: boolean; error?: string };
        outcomes.add(body.ok ? "ok" : body.error!);
      }
    }
    await pool.close();
    expect(await server.stop()).toBe(0);
    for (const expected of [
      "ok",
      "token_inactive",
      "account_inactive",
      "token_permission",
      "rate_limit_exceeded",
    ]) {
      expect(outcomes).toContain(expected);
    }

    const log = readFileSync(logFile, "utf8");
    const dump = JSON.stringify(await dumpDatabase(db.database));
    // The embedded store's files, when that is the store: raw pages, not just query results.
    const files = db.kind === "PGlite" ? readTree(join(db.directory, "data")) : "";
    // PostgreSQL's own log (scripts/services.sh keeps it here): errors there quote statements.
    const postgresLog =
      db.kind === "PostgreSQL" && existsSync(postgresLogFile) ? readFileSync(postgresLogFile, "latin1") : "";
    const found: string[] = [];
    for (const token of tokens) {
      for (const spelling of spellings(token)) {
        if (log.includes(spelling)) found.push(`log holds ${spelling.slice(0, 10)}...`);
        if (dump.includes(spelling)) found.push(`database holds ${spelling.slice(0, 10)}...`);
        if (files.includes(spelling)) found.push(`store files hold ${spelling.slice(0, 10)}...`);
        if (postgresLog.includes(spelling)) found.push(`PostgreSQL's log holds ${spelling.slice(0, 10)}...`);
      }
      // What the tables hold instead: the SHA-256 digest.
      expect(dump, "the tokens table keeps the digest").toContain(sha256(token));
    }
    console.log(
      `secrets: scanned ${log.split("\n").length} log lines, ${dump.length} bytes of tables` +
        (files ? `, ${files.length} bytes of store files` : "") +
        (postgresLog ? `, ${postgresLog.length} bytes of PostgreSQL's log` : "") +
        ` for ${tokens.length} tokens in ${spellings("x").length} spellings: ${found.length} found`,
    );
    recordFigure("secrets: plain tokens found in logs, tables, files", found.length);
    expect(found).toEqual([]);
  }, 120_000);
});

/** Every file under a directory, concatenated as latin1 (so any byte sequence can be searched). */
function readTree(directory: string): string {
  if (!existsSync(directory)) return "";
  const parts: string[] = [];
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }) as Dirent[]) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else parts.push(readFileSync(full).toString("latin1"));
    }
  };
  walk(directory);
  return parts.join("\n");
}
