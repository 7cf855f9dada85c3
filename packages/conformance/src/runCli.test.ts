import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./runCli.js";
import {
  type FixtureServer,
  fixtureOtherIds,
  fixtureTokens,
  fixtureWebhookId,
  startFixtureServer,
} from "./test/fixtureServer.js";

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

describe(runCli, () => {
  let server: FixtureServer;
  let dir: string;
  beforeAll(async () => {
    server = await startFixtureServer();
    dir = mkdtempSync(join(tmpdir(), "conformance-cli-"));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("prints each check and a summary, and writes JUnit XML", async () => {
    const junit = join(dir, "report.xml");
    const args = [
      server.url,
      "--other-token",
      fixtureTokens.other,
      "--other-id",
      "equipmentType_id=et_other_account",
    ];
    const more = ["--other-id", "user=u_other", "--other-id", `webhook_id=${fixtureOtherIds.webhook_id}`];
    const endpoint = ["--param", `webhooks.deliveries.webhook_id=${fixtureWebhookId}`];
    const { code, stdout } = await run([...args, ...more, ...endpoint, "--junit", junit], {
      WSAFE_TOKEN: fixtureTokens.read,
      WSAFE_WRITE_TOKEN: fixtureTokens.write,
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^wsafe-conformance: http:\/\/127\.0\.0\.1:\d+\n\n\(service\)\n {2}✓ api_method_not_found/,
    );
    expect(stdout).toMatch(/\n\d+ passed, 0 failed, 0 skipped in [\d.]+ s\n/);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="wsafe-conformance" tests="\d+" failures="0" skipped="0"/,
    );
    expect(xml).toContain('<testsuite name="equipments.list"');
    expect(xml.match(/<testcase /g)!.length).toBe(Number(/tests="(\d+)"/.exec(xml)![1]));
    // A whole run: about 700 requests, one after another.
  }, 60_000);

  it("records one inspection with --record-inspection, and checks its effects", async () => {
    const { code, stdout } = await run(
      [server.url, "--method", "inspections.record", "--record-inspection", "eq_h_0004,sch_annual,u_ada"],
      { WSAFE_TOKEN: fixtureTokens.read, WSAFE_WRITE_TOKEN: fixtureTokens.write },
    );
    expect(code).toBe(0);
    expect(stdout.match(/✓ recorded: /g)).toHaveLength(7);
    expect(stdout).toMatch(/\n\d+ passed, 0 failed, 0 skipped in/);
  }, 60_000);

  it("creates, updates and retires one equipment with --write-register, and checks its effects", async () => {
    const { code, stdout } = await run(
      [server.url, "--method", "equipments.create", "--write-register", "et_harness"],
      { WSAFE_TOKEN: fixtureTokens.read, WSAFE_WRITE_TOKEN: fixtureTokens.write },
    );
    expect(code).toBe(0);
    expect(stdout.match(/✓ written: /g)).toHaveLength(10);
    expect(stdout).toMatch(/\n\d+ passed, 0 failed, 0 skipped in/);
  }, 60_000);

  it("runs a write method's checks with --write-token, and skips them without, saying so", async () => {
    const args = [server.url, "--token", fixtureTokens.read, "--method", "webhooks.delete"];
    const without = await run(args);
    expect(without.code).toBe(0);
    expect(without.stdout).toMatch(/✓ token_permission: a read token, over POST and GET/);
    expect(without.stdout).toMatch(
      /- refusal: POST with id conformance_no_such_\S+ \(held by no deployment\).*\(skipped\)\n.*--write-token/,
    );
    expect(without.stdout).not.toMatch(/\n0 skipped/);
    const withToken = await run([...args, "--write-token", fixtureTokens.write]);
    expect(withToken.code).toBe(0);
    expect(withToken.stdout).toMatch(
      /✓ refusal: POST with id conformance_no_such_\S+ \(held by no deployment\) answers content_not_found/,
    );
    expect(withToken.stdout).toMatch(/\n\d+ passed, 0 failed, 0 skipped in/);
  });

  it("exits 1 when a check fails", async () => {
    const broken = await startFixtureServer("pretty-ignored");
    try {
      const { code, stdout } = await run([
        broken.url,
        "--token",
        fixtureTokens.read,
        "--method",
        "users.info",
      ]);
      expect(code).toBe(1);
      expect(stdout).toContain("✗ pretty: true indents with two spaces");
    } finally {
      await broken.close();
    }
  });

  it("takes the request data of successful calls from --param", async () => {
    const { code, stdout } = await run([
      server.url,
      "--token",
      fixtureTokens.read,
      "--method",
      "users.info",
      "--param",
      "users.info.user=u_nobody",
    ]);
    expect(code).toBe(1);
    expect(stdout).toContain("expected ok: true, got error content_not_found");
  });

  it("prints the report as JSON with --json", async () => {
    const { code, stdout } = await run([
      server.url,
      "--token",
      fixtureTokens.read,
      "--method",
      "resources.list",
      "--json",
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ baseUrl: server.url, failed: 0 });
  });

  it.each([
    [[], "a base URL is needed"],
    [["ftp://x"], "must start with https:// or http://"],
    [["http://x"], "a token is needed"],
    [["http://x", "--token", "t", "--other-id", "user=u"], "--other-id needs --other-token"],
    [["http://x", "--token", "t", "--method", "nope.nope"], "unknown method: nope.nope"],
    [["http://x", "--token", "t", "--param", "users.info=1"], "--param needs METHOD.NAME=JSON"],
    [["http://x", "--token", "t", "--bogus"], "Unknown option '--bogus'"],
    [
      ["http://x", "--token", "t", "--write-token", "w", "--record-inspection", "eq_1,sch_1"],
      "--record-inspection needs EQUIPMENT_ID,SCHEDULE_ID,INSPECTOR_ID",
    ],
    [["http://x", "--token", "t", "--record-inspection", "eq_1,sch_1,u_1"], "it needs --write-token"],
    [
      ["http://x", "--token", "t", "--write-register", "et_1"],
      "--write-register writes: it needs --write-token",
    ],
    [
      ["http://x", "--token", "t", "--write-token", "w", "--write-register", ""],
      "--write-register needs the id of an equipment type",
    ],
  ])("exits 2 on bad usage: %j", async (args, message) => {
    const { code, stderr } = await run(args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});
