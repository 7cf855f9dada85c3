// What `wsafe serve` writes where: stdout is its JSON log alone, one object per line, so
// a log shipper reads one format; the lines for people go to stderr; `--log-level` (and
// WSAFE_LOG_LEVEL) chooses how much of the log there is. Human lines and JSON lines
// shared stdout, and there was no level to set.
import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createScratchDirectory, runWsafe, type ScratchDirectory, wsafeBin } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listMigrationFiles } from "../src/store/database/migrationFiles.js";
import { versionLabel } from "../src/version/buildVersion.js";
import { callMethod } from "./support/callApi.js";

vi.setConfig({ testTimeout: 180_000 });

/**
 * Runs `wsafe serve` on an in-memory store over HTTP, sends one request without a token
 * once it listens, stops it with SIGTERM, and resolves with stdout and stderr apart.
 */
function serveOnce(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(
    process.execPath,
    [wsafeBin(), "serve", "--port", "0", "--http", "--database", "memory://", ...args],
    { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const out = { stdout: "", stderr: "" };
  return new Promise<typeof out & { code: number | null }>((resolve, reject) => {
    let asked = false;
    const look = () => {
      const url = /listening on (http:\/\/\S+)/.exec(out.stdout + out.stderr)?.[1];
      if (!url || asked) return;
      asked = true;
      callMethod(url, "POST", "users.info", { user: "u_ada" }).then(
        (answer) => {
          expect(answer.body.error).toBe("token_missing");
          child.kill("SIGTERM");
        },
        (error: unknown) => {
          child.kill("SIGKILL");
          reject(error);
        },
      );
    };
    child.stdout.on("data", (chunk: Buffer) => {
      out.stdout += chunk;
      look();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out.stderr += chunk;
      look();
    });
    child.on("close", (code) => resolve({ ...out, code }));
  });
}

const jsonLines = (text: string) =>
  text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string; outcome?: string });

describe("wsafe serve's output", () => {
  let dir: ScratchDirectory;
  beforeAll(async () => {
    dir = await createScratchDirectory("logging");
  });
  afterAll(() => dir?.remove());

  it("keeps stdout to JSON lines, and tells people on stderr where it listens", async () => {
    const run = await serveOnce(dir.path, []);
    expect(run.code).toBe(0);
    expect(() => jsonLines(run.stdout), run.stdout).not.toThrow();
    const log = jsonLines(run.stdout);
    // A new store: each migration applied, with how long it took, then the server's lines.
    const migrations = await listMigrationFiles();
    expect(log.map((line) => line.msg.replace(/ http:.*/, ""))).toEqual([
      ...migrations.map(() => "migration applied"),
      "Server listening at",
      "events are kept for 90 days (--events-retention); none is recorded yet",
      "request",
    ]);
    expect(log.slice(0, migrations.length)).toEqual(
      migrations.map((migration) =>
        expect.objectContaining({ level: 30, migration, durationMs: expect.any(Number) }),
      ),
    );
    expect(log.at(-1)).toMatchObject({ level: 30, outcome: "token_missing" });
    // A build that is no release says so on the readiness line (the workspace's is one
    // whenever changesets are pending), and a release's line is the URL alone.
    const built = versionLabel(
      JSON.parse(await readFile(new URL("../dist/build.json", import.meta.url), "utf8")),
    );
    const suffix = built.includes("+unreleased")
      ? ` \\(wsafe ${built.replaceAll(".", "\\.").replace("+", "\\+")}: not a release\\)`
      : "";
    expect(run.stderr).toMatch(
      new RegExp(
        `^listening on http://127\\.0\\.0\\.1:\\d+${suffix}\\nSIGTERM: finishing in-flight requests`,
        "m",
      ),
    );
    expect(run.stderr).not.toContain("{");
  });

  it("logs warnings and worse only with --log-level warn, and nothing with WSAFE_LOG_LEVEL=silent", async () => {
    for (const [args, env] of [
      [["--log-level", "warn"], {}],
      [[], { WSAFE_LOG_LEVEL: "silent" }],
    ] as const) {
      const run = await serveOnce(dir.path, [...args], env);
      expect(run.code).toBe(0);
      expect(run.stdout, JSON.stringify({ args, env })).toBe("");
      expect(run.stderr).toContain("listening on http://");
    }
  });

  it("refuses a level it does not know, listing those it does", async () => {
    const result = await runWsafe(["serve", "--log-level", "loud"], { cwd: dir.path });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "option '--log-level <LEVEL>' argument 'loud' is invalid. Allowed choices are fatal, error, warn, info, debug, trace, silent.",
    );
  });
});
