// The two contract-on-Hono peers against the conformance kit, as the bench runs it
// before timing them: both must do the contract's work for resources.list, and stock
// tRPC, held to the same checks, must show as a floor that does less.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { headerNames } from "@wsafe/schema";
import { createDemoDataset, demoTokens } from "@wsafe/server";
import { createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildServer } from "../lib/childServer.mjs";
import { classifyPeer, runPeerConformance } from "../lib/peerConformance.mjs";
import { answerDifferences, rawAnswer } from "../lib/rawAnswer.mjs";
import { closeIdleSockets, timedPost } from "../lib/timedPost.mjs";

const tokens = { read: demoTokens.read, other: demoTokens.otherAccount };
/** @type {Awaited<ReturnType<typeof createScratchDirectory>>} */
let scratch;
let bodyPath = "";
/** @type {import("../lib/childServer.mjs").ChildServer[]} */
const started = [];

/** Starts one of bench/children as the bench does, with a limit no test reaches. */
async function start(/** @type {string} */ file) {
  const server = await startChildServer(file, {
    tlsDir: scratch.path,
    bodyPath,
    tokens,
    token: tokens.read,
    rateLimit: { points: 1_000_000, durationSeconds: 1 },
  });
  started.push(server);
  return server;
}

beforeAll(async () => {
  scratch = await createScratchDirectory("bench-contract-peers");
  await writeCertificateFiles(scratch.path);
  // The demo account's resources as resources.list orders them: by sequence, then id.
  const resources = createDemoDataset()
    .resources.filter((resource) => resource.account_id === "acc_demo")
    .map(({ account_id: _account, ...resource }) => resource)
    .sort((a, b) => a.sequence - b.sequence || (a.id < b.id ? -1 : 1));
  bodyPath = join(scratch.path, "resources.list.json");
  writeFileSync(bodyPath, JSON.stringify({ ok: true, resources }));
}, 60_000);

afterAll(async () => {
  closeIdleSockets();
  for (const server of started) await server.close();
  await scratch?.remove();
});

describe("the contract peers", () => {
  it.each(["honoContract.mjs", "honoContractFast.mjs"])(
    "%s passes every conformance check of resources.list and answers the very bytes it was given",
    async (file) => {
      const server = await start(file);
      const report = await runPeerConformance(server.url, tokens);
      expect(report.results.filter((result) => result.status === "failed")).toEqual([]);
      expect(classifyPeer({ role: "contract", report })).toMatchObject({ kind: "checked", timed: true });
      // Only the check that needs a second paginated method is skipped: the peer serves one.
      expect(
        report.results.filter((result) => result.status === "skipped").map((result) => result.name),
      ).toEqual(["parameter_invalid: a cursor of another paginated method"]);
      const answer = await timedPost(
        `${server.url}/v1/resources.list`,
        { token: tokens.read },
        { keepBody: true },
      );
      if (file === "honoContractFast.mjs") expect(answer.body).toEqual(readFileSync(bodyPath));
      else expect(JSON.parse(String(answer.body))).toEqual(JSON.parse(readFileSync(bodyPath, "utf8")));
    },
    60_000,
  );

  it("stock tRPC, held to the same checks, is a floor that does less", async () => {
    const server = await start("trpcFastify.mjs");
    const report = await runPeerConformance(server.url, tokens);
    expect(report.failed).toBeGreaterThan(report.passed);
    expect(classifyPeer({ role: "floor", report })).toMatchObject({ kind: "floor", timed: true });
  }, 60_000);
});

describe("the contract's floor", () => {
  it("writes wsafe's very headers and bytes for the measured call, and does every token and data check; only pages are beyond it", async () => {
    const wsafe = await startChildServer("wsafeServer.mjs", {
      database: "memory://",
      demo: true,
      tlsDir: scratch.path,
      rateLimit: { points: 1_000_000, durationSeconds: 1 },
    });
    started.push(wsafe);
    const path = "/v1/resources.list";
    // As the bench does: the floor keeps the bytes wsafe answered (the demo's dates follow the clock).
    const kept = await rawAnswer(`${wsafe.url}${path}`, JSON.stringify({ token: tokens.read }));
    const wsafeBodyPath = join(scratch.path, "wsafe-resources.list.json");
    writeFileSync(wsafeBodyPath, kept.body);
    const floor = await startChildServer("contractFloor.mjs", {
      tlsDir: scratch.path,
      bodyPath: wsafeBodyPath,
      tokens,
      rateLimit: { points: 1_000_000, durationSeconds: 1 },
    });
    started.push(floor);
    for (const body of [
      JSON.stringify({ token: tokens.read }),
      JSON.stringify({ token: tokens.read, pretty: true }),
      JSON.stringify({ token: "not-a-token" }),
    ]) {
      const mine = await rawAnswer(`${wsafe.url}${path}`, body);
      const theirs = await rawAnswer(`${floor.url}${path}`, body);
      expect(answerDifferences(mine, theirs, headerNames())).toEqual([]);
    }
    const report = await runPeerConformance(floor.url, tokens);
    const failed = report.results.filter((result) => result.status === "failed").map((result) => result.name);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((name) => /limit|cursor|page/i.test(name))).toBe(true);
    expect(classifyPeer({ role: "floor", report })).toMatchObject({ kind: "floor", timed: true });
  }, 120_000);
});
