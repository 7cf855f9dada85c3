// `wsafe serve` as an operator runs it; the other commands are in cli.test.ts.
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { promisify } from "node:util";
import { runWsafe, type ServerProcess, serveCli } from "@wsafe/test-support";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { demoTokens } from "../src/demo/demoTokens.js";
import { callApi, callMethod } from "./support/callApi.js";

const exec = promisify(execFile);

async function hasCurl() {
  try {
    await exec("curl", ["--version"]);
    return true;
  } catch {
    return false;
  }
}

// Every command is a new Node process opening the store: give them room on busy machines.
vi.setConfig({ testTimeout: 180_000 });

describe("wsafe serve", () => {
  let dir: string;
  const started: ServerProcess[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "wsafe-serve-"));
  });
  // A failed assertion must not leave a server running behind the suite.
  afterEach(() => {
    for (const serve of started.splice(0)) if (serve.child.exitCode === null) serve.child.kill("SIGKILL");
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("--demo fills the empty store, prints curl lines that work as printed, and stops gracefully on SIGTERM", async () => {
    const serve = await serveCli(["--demo", "--port", "0", "--database", join(dir, "data")], { cwd: dir });
    started.push(serve);
    const output = serve.output();
    expect(serve.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(output).toContain(`demo token (read): ${demoTokens.read}`);
    // The write token was in no line: a newcomer could not try a method that writes.
    expect(output).toContain(`demo token (read and write): ${demoTokens.write}`);
    expect(output).toMatch(/self-signed certificate for localhost: .*localhost-cert\.pem/);
    const curls = output.split("\n").filter((line) => line.trim().startsWith("curl "));
    expect(curls).toHaveLength(4);
    expect(curls[0]).toContain("curl -k '");
    expect(curls[1]).toContain("-X POST");
    expect(curls[1]).toContain("-H 'content-type: application/json'");
    // The third records an inspection of a schedule the demo holds expired: the data
    // changes while the server runs.
    expect(curls[2]).toContain("/v1/inspections.record");
    expect(curls[2]).toContain(demoTokens.write);
    // The fourth adds a harness to the register, with a key that makes a second paste safe.
    expect(curls[3]).toContain("/v1/equipments.create");
    expect(curls[3]).toContain(demoTokens.write);
    const created: string[] = [];
    const preuse = async () => {
      const list = await callMethod(serve.url, "POST", "equipments.list", {
        token: demoTokens.read,
        equipmentType_id: "et_harness",
        limit: 1,
      });
      return list.body.equipments[0].schedules.find(
        (s: { schedule_id: string }) => s.schedule_id === "sch_preuse",
      );
    };
    expect((await preuse()).status).toBe("expired");
    // Each answer fits a screen: the POST once printed all 1 294 harnesses (49 901 bytes).
    for (const line of curls) {
      const url = /'(https:\/\/[^']+)'/.exec(line)![1]!;
      const body = /-d '([^']+)'/.exec(line)?.[1];
      const [base, path] = [url.slice(0, url.indexOf("/v1/")), url.slice(url.indexOf("/v1/"))];
      const answer = body
        ? await callApi(base, path, { method: "POST", body, headers: { "content-type": "application/json" } })
        : await callApi(base, path.slice(0, path.indexOf("?")), {
            method: "GET",
            query: path.slice(path.indexOf("?") + 1),
          });
      expect(answer.body.ok, line).toBe(true);
      expect(answer.text.length, line).toBeLessThan(2048);
      if (path.includes("equipments.list")) expect(answer.body.equipments, line).toHaveLength(5);
      if (path.includes("inspections.record"))
        expect(answer.body.inspection.schedule_id, line).toBe("sch_preuse");
      if (path.includes("equipments.create")) created.push(answer.body.equipment.id);
    }
    expect((await preuse()).status).toBe("uptodate");
    if (await hasCurl()) {
      for (const line of curls) {
        const { stdout } = await exec("sh", ["-c", `${line.trim()} -s`]);
        expect(JSON.parse(stdout).ok, line).toBe(true);
        expect(stdout.length, line).toBeLessThan(2048);
        if (line.includes("equipments.create")) created.push(JSON.parse(stdout).equipment.id);
      }
    } else {
      console.warn("curl is not installed: the printed curl lines were not run by curl");
    }
    // Pasted twice, the create line made one harness: the second answered the first.
    expect(new Set(created).size).toBe(1);
    // A request still in flight when SIGTERM arrives gets its whole answer: its body is
    // only half sent when the signal comes, so the server has surely started on it.
    await callMethod(serve.url, "POST", "users.info", { token: demoTokens.read, user: "u_ada" });
    const body = new PassThrough();
    const inFlight = callApi(serve.url, "/v1/equipments.list", { method: "POST", body });
    body.write(`{"token":"${demoTokens.read}",`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    serve.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    body.end('"equipmentType_id":"et_harness","service_type":"all"}');
    const answer = await inFlight;
    expect(answer.body.ok).toBe(true);
    expect(answer.body.equipments.length).toBeGreaterThan(1000);
    expect(await serve.exited).toBe(0);
  });

  it("keeps the data across a restart, and reads its flags from WSAFE_* variables", async () => {
    const serve = await serveCli([], {
      cwd: dir,
      env: {
        WSAFE_DATABASE: join(dir, "data"),
        WSAFE_PORT: "0",
        WSAFE_HTTP: "1",
        WSAFE_HEADER_PREFIX: "XYZ",
      },
    });
    started.push(serve);
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await callMethod(serve.url, "GET", "users.info", {
      token: demoTokens.read,
      user: "u_ada",
    });
    expect(answer.body).toEqual({ ok: true, user: { id: "u_ada", name: "Ada Lovelace" } });
    expect(answer.headers["xyz-request-id"]).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect((await callApi(serve.url, "/v1/nope")).body.error).toBe("api_method_not_found");
    // A second process on the same embedded store would corrupt it: refused, clearly.
    const busy = await runWsafe([
      "tokens",
      "create",
      "--account",
      "acc_demo",
      "--database",
      join(dir, "data"),
    ]);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/is in use by process \d+; stop it first/);
    serve.child.kill("SIGINT");
    expect(await serve.exited).toBe(0);
    // Logs name the request, its method and outcome, but never the token, even when it travels in a GET URL.
    const log = serve
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    expect(log).toContainEqual(
      expect.objectContaining({
        requestId: answer.headers["xyz-request-id"],
        method: "users.info",
        outcome: "ok",
      }),
    );
    expect(log).toContainEqual(expect.objectContaining({ outcome: "api_method_not_found" }));
    expect(serve.output()).not.toContain(demoTokens.read);
  });
});
