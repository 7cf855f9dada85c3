// The figures of workload 1, the request pipeline, by the steady method (server and load
// generator pinned to CPUs of their own): wsafe's resources.list beside the contract
// written on Hono, stock tRPC, a bare Fastify route and Node's https floors, each as a
// ratio of req/s and of server CPU per request, with the goals of issues 28 and 38.
import { figure } from "./figure.mjs";
import { tailFigures } from "./pipelineTailFigures.mjs";

/** @typedef {import("./figure.mjs").Figure} Figure */

const w = "1 pipeline";

/** The goals of issues 28 and 38, as ratios of wsafe's figure to the peer's. */
export const pipelineGoals = {
  /** Goal 1: ahead of both contract-on-Hono peers and stock tRPC, in req/s and CPU per request. */
  ahead: { peers: ["honoContract", "honoContractFast", "trpc"], minRps: 1, maxCpu: 1 },
  /** Goal 2: against bare Fastify, CPU per request ≤ 1.25× and req/s ≥ 0.80×. */
  bare: { peer: "bareHttps", minRps: 0.8, maxCpu: 1.25 },
  /** Issue 38, goal 5: CPU per request ≤ 1.15× the contract's floor (Node's https, the same headers, bytes and token digest). */
  contractFloor: { peer: "contractFloor", maxCpu: 1.15 },
  /** Issue 28, goal 3: the ratio to the old floor (a token in a `Map`), printed without a goal. */
  floor: { peer: "httpsFloor" },
};

/** Short names for the bar chart. */
const chartNames = {
  honoContract: "contract on Hono, documented",
  honoContractFast: "contract on Hono, fast",
  trpc: "stock tRPC",
  hono: "Hono + token",
  bareHttps: "bare Fastify",
  bareHttp: "bare Fastify, HTTP",
  contractFloor: "the contract's floor",
  httpsFloor: "Node https, token in a Map",
};
const chartName = (/** @type {string} */ key) =>
  chartNames[/** @type {keyof typeof chartNames} */ (key)] ?? key;

/** What a server was found to be, for its name in the table. @param {any} checked */
function kindOf(checked) {
  if (!checked) return "";
  if (checked.kind === "checked") return " (checked: same work)";
  if (checked.kind === "floor") return " (floor: does less)";
  return " (FAILS its checks)";
}

/**
 * The name a server is printed with, saying what the conformance kit found it to be.
 *
 * @param {any} p - what `runPipeline` returned
 * @param {string} key
 */
export function serverLabel(p, key) {
  const checked = p.checked?.[key];
  const fallback = {
    trpc: "stock tRPC 11 on Fastify",
    hono: "Hono on node-server",
    bareHttps: "bare Fastify, HTTPS",
    bareHttp: "bare Fastify, plain HTTP",
  };
  return `${checked?.label ?? fallback[/** @type {keyof typeof fallback} */ (key)] ?? key}${kindOf(checked)}`;
}

/**
 * wsafe's req/s beside a server's; with `min`, the goal that the ratio reaches it.
 *
 * @param {{ name: string, summary: any, how: string, tag?: string }} wsafe - `tag`: a short
 *   name for the bar chart, for a build other than the one the goals judge
 * @param {any} p
 * @param {string} key
 * @param {number} [min]
 */
function rpsFigure(wsafe, p, key, min) {
  const ratio = wsafe.summary.requestsPerSecond / p[key].requestsPerSecond;
  return figure({
    workload: w,
    name: `resources.list req/s${wsafe.how}, ${wsafe.name}`,
    value: wsafe.summary.requestsPerSecond,
    unit: "req/s",
    peer: serverLabel(p, key),
    peerValue: p[key].requestsPerSecond,
    share: Math.min(ratio, 2),
    chartLabel: `req/s${wsafe.tag ?? ""} vs ${chartName(key)}`,
    chartPeer: `${chartName(key)}'s req/s`,
    ...(min === undefined ? {} : { goal: `≥ ${min.toFixed(2)}×`, met: ratio >= min, goalShare: min }),
  });
}

/**
 * wsafe's server CPU µs per request beside a server's (lower is better); with `max`, the
 * goal that the ratio stays within it. Undefined when either side has no CPU figure
 * (results stored before the steady method).
 *
 * @param {{ name: string, summary: any, how: string, tag?: string }} wsafe
 * @param {any} p
 * @param {string} key
 * @param {number} [max]
 */
function cpuFigure(wsafe, p, key, max) {
  const mine = wsafe.summary.cpuMicrosPerRequest;
  const theirs = p[key].cpuMicrosPerRequest;
  if (!Number.isFinite(mine) || !Number.isFinite(theirs)) return undefined;
  const ratio = mine / theirs;
  return figure({
    workload: w,
    name: `resources.list server CPU per request${wsafe.how}, ${wsafe.name}`,
    value: mine,
    unit: "µs/req",
    peer: serverLabel(p, key),
    peerValue: theirs,
    share: Math.min(1 / ratio, 2),
    chartLabel: `CPU/request${wsafe.tag ?? ""} vs ${chartName(key)}`,
    chartPeer: `${chartName(key)}'s (lower is better)`,
    ...(max === undefined ? {} : { goal: `≤ ${max.toFixed(2)}×`, met: ratio <= max, goalShare: 1 / max }),
  });
}

/**
 * Both figures of wsafe beside one server, the ones that could be computed.
 *
 * @param {{ name: string, summary: any, how: string, tag?: string }} wsafe
 * @param {any} p
 * @param {string} key
 * @param {{ minRps?: number, maxCpu?: number }} [goal]
 * @returns {Figure[]}
 */
function against(wsafe, p, key, goal = {}) {
  if (!p[key]) return [];
  return [rpsFigure(wsafe, p, key, goal.minRps), cpuFigure(wsafe, p, key, goal.maxCpu)].filter(
    (f) => f !== undefined,
  );
}

/**
 * The wsafe the goals are judged on: the installed package, as a user runs it; the
 * workspace build stands in for it in quick runs.
 *
 * @param {any} p
 */
export function judgedWsafe(p) {
  const how = p.method && !p.method.pinned ? " (UNPINNED)" : "";
  return p.wsafeInstalled
    ? { key: "wsafeInstalled", name: "installed package", summary: p.wsafeInstalled, how }
    : { key: "wsafe", name: "workspace build, PGlite", summary: p.wsafe, how };
}

/**
 * @param {any} p - what `runPipeline` returned
 * @returns {Figure[]}
 */
export function pipelineFigures(p) {
  /** @type {Figure[]} */
  const figures = [];
  const wsafe = judgedWsafe(p);
  const { ahead, bare, contractFloor, floor } = pipelineGoals;
  for (const key of ahead.peers) {
    if (p[key]) figures.push(...against(wsafe, p, key, ahead));
    else if (p.checked?.[key]?.kind === "failing") {
      // A contract peer that failed its checks was not timed: the goal cannot be judged.
      figures.push(
        figure({
          workload: w,
          name: `resources.list req/s${wsafe.how}, ${wsafe.name}`,
          value: wsafe.summary.requestsPerSecond,
          unit: "req/s",
          peer: `${serverLabel(p, key)}: not timed`,
          goal: `≥ ${ahead.minRps.toFixed(2)}×`,
        }),
      );
    }
  }
  figures.push(
    ...against(wsafe, p, bare.peer, bare),
    ...against(wsafe, p, contractFloor.peer, contractFloor),
    ...against(wsafe, p, floor.peer),
  );
  // For information: the other builds, and the floors without a goal.
  const others = [
    ["wsafe", "workspace build, PGlite", " (workspace)"],
    ["wsafePostgres", "workspace build, PostgreSQL", " (PostgreSQL)"],
  ].filter(([key]) => key !== wsafe.key && p[key]);
  for (const [key, name, tag] of others) {
    figures.push(...against({ name, summary: p[key], how: wsafe.how, tag }, p, bare.peer));
    figures.push(...against({ name, summary: p[key], how: wsafe.how, tag }, p, contractFloor.peer));
  }
  figures.push(...against(wsafe, p, "hono"));
  if (p.bareHttp) figures.push(rpsFigure(wsafe, p, "bareHttp"));
  figures.push(...tailFigures(p, wsafe, serverLabel));
  if (p.unpinned) figures.push(...unpinnedFigures(p, wsafe));
  return figures;
}

/**
 * The secondary table: the same comparisons of req/s from rounds left to the
 * scheduler, for information (rounds moved ±30 % that way).
 *
 * @param {any} p
 * @param {{ key: string, name: string }} wsafe
 * @returns {Figure[]}
 */
function unpinnedFigures(p, wsafe) {
  const u = p.unpinned;
  const mine = u[wsafe.key];
  if (!mine) return [];
  return Object.keys(u)
    .filter((key) => key !== wsafe.key && key !== "rounds" && u[key]?.requestsPerSecond)
    .map((key) =>
      figure({
        workload: `${w}, unpinned`,
        name: `resources.list req/s, ${wsafe.name}, unpinned`,
        value: mine.requestsPerSecond,
        unit: "req/s",
        peer: serverLabel(p, key),
        peerValue: u[key].requestsPerSecond,
      }),
    );
}
