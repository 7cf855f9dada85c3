import os from "node:os";
import { writeFileSync } from "node:fs";
import { demoTokens } from "@wsafe/server";
import { createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { startChildServer } from "./lib/childServer.mjs";
import { pinningPlan, tasksetAvailable } from "./lib/cpuPinning.mjs";
import { runLoadRounds } from "./lib/loadRounds.mjs";
import { timedPost, closeIdleSockets } from "./lib/timedPost.mjs";
const cfg = JSON.parse(process.argv[2] ?? "{}");
const rounds = cfg.rounds ?? 12, seconds = cfg.seconds ?? 5;
const tls = await createScratchDirectory("bench-tls");
await writeCertificateFiles(tls.path);
const rateLimit = { points: 1e9, durationSeconds: 1 };
const path = "/v1/resources.list";
const tokens = { read: demoTokens.read, other: demoTokens.otherAccount };
const servers = [];
const start = async (n, o, s) => { const x = await startChildServer(n, o, s); servers.push(x); return x; };
try {
  const targets = {};
  const wsafeOpts = { database: "memory://", demo: true, tlsDir: tls.path, rateLimit, ...(cfg.wsafe ?? {}) };
  targets.wsafe = await start("wsafeServer.mjs", wsafeOpts, { execArgv: cfg.execArgv ?? [] });
  const sample = await timedPost(`${targets.wsafe.url}${path}`, { token: tokens.read }, { keepBody: true });
  const bodyPath = `${tls.path}/body.json`; writeFileSync(bodyPath, sample.body);
  for (const name of cfg.peers ?? ["honoContractFast", "httpsFloor"]) {
    const o = { tlsDir: tls.path, bodyPath, tokens, rateLimit, token: tokens.read, path };
    const file = { bareHttps: "bareFastify" }[name] ?? name;
    targets[name] = await start(`${file}.mjs`, o);
  }
  if (cfg.wsafeMap) targets.wsafeMap = await start("_wsafeMap.mjs", wsafeOpts);
  closeIdleSockets();
  const plan = pinningPlan({ cpuCount: os.cpus().length, taskset: tasksetAvailable() });
  console.log("load", os.loadavg().map(x=>x.toFixed(2)).join(" "));
  const results = await runLoadRounds({ label: "long", targets, path, body: JSON.stringify({ token: tokens.read }), connections: 10, seconds, rounds, warmupSeconds: 2, plan, pinned: true });
  console.log("load", os.loadavg().map(x=>x.toFixed(2)).join(" "));
  const { summariseRounds } = await import("./lib/summariseRounds.mjs");
  const { roundsNotes } = await import("./lib/pipelineNotes.mjs");
  const summaries = Object.fromEntries(Object.entries(results).map(([k, v]) => [k, summariseRounds(v)]));
  for (const [k, v] of Object.entries(summaries)) console.log(k, "median req/s", Math.round(v.requestsPerSecond), "cpu", v.cpuMicrosPerRequest?.toFixed(1), "p50", v.p50Micros, "p99", v.p99Micros);
  for (const line of roundsNotes(summaries)) console.log(line);
  writeFileSync(cfg.out ?? "/tmp/h38t/longrun.json", JSON.stringify(results));
} finally { closeIdleSockets(); for (const s of servers) await s.close(); await tls.remove(); }
