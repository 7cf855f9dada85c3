// What the reference HAProxy configuration sends again, by method, for every method of the
// registry and every way a request names one: HAProxy from Debian with deploy/'s template,
// in front of three stand-in servers that drop a request's connection unanswered the first
// time it reaches one of them (as a server killed mid-request). A read is sent again to
// another server and answered; a write is sent once and the caller gets the proxy's 502,
// since the server that dropped it may have recorded it. A write that met a refused
// connection (nothing received, nothing recorded) is still sent to another server.
// test/writeReplay.test.ts shows the same with `wsafe serve` killed after its commit.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MethodName, methodNames } from "@wsafe/schema";
import { Agent, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readBackendRetries } from "../src/haproxyStats.js";
import { writeMethods } from "../src/proxyWriteRules.js";
import { missingServices, services } from "../src/services.js";
import {
  planHeader,
  requestIdHeader,
  type StandInPlan,
  type StandInServers,
  startStandInServers,
} from "../src/standInServers.js";
import { type RunningProxy, startProxy } from "../src/startProxy.js";

const missing = missingServices(["haproxy"]);
const readMethods = methodNames.filter((name) => !writeMethods.includes(name));

/** One way of calling a method through the proxy. */
interface Call {
  label: string;
  method: "GET" | "POST";
  path: string;
}

/** Every way a client names a write: both /v1 methods, tRPC alone, in a batch, percent-encoded. */
const writeCalls = (name: string): Call[] => [
  { label: `POST /v1/${name}`, method: "POST", path: `/v1/${name}` },
  { label: `GET /v1/${name}`, method: "GET", path: `/v1/${name}?token=t` },
  { label: `tRPC ${name}`, method: "POST", path: `/trpc/${name}` },
  { label: `tRPC batch with ${name}`, method: "POST", path: `/trpc/users.info,${name}?batch=1` },
  { label: `tRPC ${name}, encoded`, method: "POST", path: `/trpc/${name.replaceAll(".", "%2E")}` },
];

/** Every way a client names a read (tRPC serves a query to GET, and to POST by method override). */
const readCalls = (name: MethodName): Call[] => [
  { label: `POST /v1/${name}`, method: "POST", path: `/v1/${name}` },
  { label: `GET /v1/${name}`, method: "GET", path: `/v1/${name}?token=t` },
  { label: `tRPC ${name}`, method: "GET", path: `/trpc/${name}` },
  { label: `tRPC ${name} by POST`, method: "POST", path: `/trpc/${name}` },
];

describe.skipIf(missing.length > 0)("what deploy/haproxy.cfg.template sends again", () => {
  let directory: string;
  let standIns: StandInServers;
  let proxy: RunningProxy;
  let agent: Agent;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), "wsafe-proxy-retries-"));
    standIns = await startStandInServers(3);
    proxy = await startProxy(services.haproxy!, directory, standIns.addresses);
    agent = new Agent({ connect: { ca: proxy.certificate } });
  });
  afterAll(async () => {
    await agent?.close();
    await proxy?.process.stop("SIGTERM", 15_000);
    await standIns?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  /** Sends one call through the proxy: what the caller got, and how often the servers got it. */
  const send = async (call: Call, plan: StandInPlan) => {
    const id = randomBytes(8).toString("hex");
    const response = await request(`${proxy.url}${call.path}`, {
      dispatcher: agent,
      method: call.method,
      headers: { [requestIdHeader]: id, [planHeader]: plan, "content-type": "application/json" },
      body: call.method === "POST" ? "{}" : undefined,
    });
    await response.body.dump();
    return { call: call.label, status: response.statusCode, arrivals: standIns.arrivals(id) };
  };

  it("sends a write that a server dropped unanswered to no other server: the caller gets 502", async () => {
    // With a write the registry does not hold yet: the rules follow the name, not a list.
    const calls = [...writeMethods, "equipments.create"].flatMap(writeCalls);
    const outcomes = await Promise.all(calls.map((call) => send(call, "drop-first")));
    expect(outcomes).toEqual(calls.map((call) => ({ call: call.label, status: 502, arrivals: 1 })));
  });

  it("sends a read that a server dropped unanswered to another, which answers it", async () => {
    const calls: Call[] = [
      ...readMethods.flatMap(readCalls),
      { label: "tRPC batch of reads", method: "GET", path: "/trpc/users.info,resources.list?batch=1" },
      { label: "a page of the docs site", method: "GET", path: "/methods/" },
    ];
    const outcomes = await Promise.all(calls.map((call) => send(call, "drop-first")));
    expect(outcomes).toEqual(calls.map((call) => ({ call: call.label, status: 200, arrivals: 2 })));
  });

  it("sends a write whose connection was refused to another server: it never reached one", async () => {
    const before = await readBackendRetries(proxy.statsUrl);
    // Still UP for the proxy (its next two health checks take over a second): the
    // requests round-robin onto it meanwhile and meet a refused connection.
    await standIns.refuse(0);
    const calls = Array.from({ length: 6 }, () => writeCalls("inspections.record")[0]!);
    const outcomes = [];
    for (const call of calls) outcomes.push(await send(call, "answer"));
    const after = await readBackendRetries(proxy.statsUrl);
    expect(outcomes).toEqual(calls.map((call) => ({ call: call.label, status: 200, arrivals: 1 })));
    // Each sent to another server at once (`option redispatch 1`): a redispatch, not a retry.
    expect(after.redispatches).toBeGreaterThan(before.redispatches);
  });
});
