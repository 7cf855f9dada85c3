// The figures of workload 1, the request pipeline: wsafe's resources.list beside a bare
// Fastify route (its ceiling) and beside the stacks a team could pick instead.
import { figure } from "./figure.mjs";

/** @typedef {import("./figure.mjs").Figure} Figure */

const w = "1 pipeline";

/**
 * The requests/s of one wsafe build beside the bare Fastify HTTPS route.
 *
 * @param {string} where - e.g. `PGlite store`
 * @param {any} wsafe - the summary of that build's rounds
 * @param {any} bareHttps
 * @param {string} chartLabel
 */
function againstCeiling(where, wsafe, bareHttps, chartLabel) {
  const ratio = wsafe.requestsPerSecond / bareHttps.requestsPerSecond;
  return figure({
    workload: w,
    name: `resources.list req/s, HTTPS, ${where}`,
    value: wsafe.requestsPerSecond,
    unit: "req/s",
    peer: "bare Fastify, HTTPS",
    peerValue: bareHttps.requestsPerSecond,
    goal: "≥ 0.80×",
    met: ratio >= 0.8,
    chartLabel,
    chartPeer: "bare Fastify's req/s",
    share: ratio,
    goalShare: 0.8,
  });
}

/**
 * wsafe beside a peer stack doing less per request: it must be ahead (≥ 1.00×).
 *
 * @param {any} wsafe
 * @param {string} wsafeName
 * @param {any} peer
 * @param {string} peerName
 */
function againstPeer(wsafe, wsafeName, peer, peerName) {
  const ratio = wsafe.requestsPerSecond / peer.requestsPerSecond;
  return figure({
    workload: w,
    name: `resources.list req/s, HTTPS, ${wsafeName}`,
    value: wsafe.requestsPerSecond,
    unit: "req/s",
    peer: `${peerName}, HTTPS, same token check`,
    peerValue: peer.requestsPerSecond,
    goal: "≥ 1.00×",
    met: ratio >= 1,
    chartLabel: `resources.list req/s vs ${peerName}`,
    chartPeer: `${peerName}'s req/s`,
    share: Math.min(ratio, 1.5),
    goalShare: 1,
  });
}

/**
 * The tRPC floor beside Hono, for information: its value is not wsafe's but that of
 * Node's `https` server with one stock tRPC call and nothing else. Whether it stands
 * ahead of Hono tells whether wsafe's goal of being ahead of Hono can be reached at all
 * while tRPC stays in the request path, so it gets no goal of its own and no bar.
 *
 * @param {any} trpcFloor
 * @param {any} hono
 */
function floorAgainstHono(trpcFloor, hono) {
  return figure({
    workload: w,
    name: "resources.list req/s, HTTPS, Node https + one stock tRPC call (floor, not wsafe)",
    value: trpcFloor.requestsPerSecond,
    unit: "req/s",
    peer: "Hono on node-server, HTTPS, same token check",
    peerValue: hono.requestsPerSecond,
  });
}

/**
 * @param {any} p - what `runPipeline` returned
 * @returns {Figure[]}
 */
export function pipelineFigures(p) {
  /** @type {Figure[]} */
  const figures = [];
  if (p.wsafeInstalled) {
    figures.push(
      againstCeiling(
        "installed package",
        p.wsafeInstalled,
        p.bareHttps,
        "resources.list req/s (installed) vs HTTPS",
      ),
    );
  }
  figures.push(
    againstCeiling("PGlite store", p.wsafe, p.bareHttps, "resources.list req/s (PGlite) vs HTTPS"),
  );
  if (p.wsafePostgres) {
    figures.push(
      againstCeiling(
        "PostgreSQL store",
        p.wsafePostgres,
        p.bareHttps,
        "resources.list req/s (PostgreSQL) vs HTTPS",
      ),
    );
  }
  // What a user runs is the installed package; the workspace build stands in for it in quick runs.
  const [wsafe, wsafeName] = p.wsafeInstalled
    ? [p.wsafeInstalled, "installed package"]
    : [p.wsafe, "PGlite store"];
  if (p.trpc) figures.push(againstPeer(wsafe, wsafeName, p.trpc, "stock tRPC 11 on Fastify"));
  if (p.hono) figures.push(againstPeer(wsafe, wsafeName, p.hono, "Hono on node-server"));
  if (p.trpcFloor && p.hono) figures.push(floorAgainstHono(p.trpcFloor, p.hono));
  figures.push(
    figure({
      workload: w,
      name: "resources.list req/s, HTTPS, PGlite store",
      value: p.wsafe.requestsPerSecond,
      unit: "req/s",
      peer: "bare Fastify, plain HTTP",
      peerValue: p.bareHttp.requestsPerSecond,
      chartLabel: "resources.list req/s (PGlite) vs plain HTTP",
      chartPeer: "bare Fastify's req/s (HTTP)",
      share: p.wsafe.requestsPerSecond / p.bareHttp.requestsPerSecond,
    }),
    figure({
      workload: w,
      name: "resources.list p50 latency, PGlite store",
      value: p.wsafe.p50,
      unit: "ms",
      peer: "bare Fastify, HTTPS",
      peerValue: p.bareHttps.p50,
    }),
    figure({
      workload: w,
      name: "resources.list p99 latency, PGlite store",
      value: p.wsafe.p99,
      unit: "ms",
      peer: "bare Fastify, HTTPS",
      peerValue: p.bareHttps.p99,
    }),
  );
  return figures;
}
