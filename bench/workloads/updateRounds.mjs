// The timed part of the equipments.update workload (14): the steady method - every server
// pinned to the server CPU, the load generator (children/updateLoad.mjs) to the other,
// rounds taking turns - and each equipment's version, type and visits carried from one
// round to the next (both sides of PostgreSQL write one database, so they share theirs).
import os from "node:os";
import { fileURLToPath } from "node:url";
import { pinningPlan, pinProcess, tasksetAvailable } from "../lib/cpuPinning.mjs";
import { loud, progress } from "../lib/log.mjs";
import { clockTicksPerSecond, cpuMicrosPerRequest, readCpuTicks } from "../lib/procCpu.mjs";
import { runPinnedChild } from "../lib/runPinnedChild.mjs";
import { summariseRounds } from "../lib/summariseRounds.mjs";
import { initialLoadState } from "../lib/updateDataset.mjs";
import { updateFigureLines } from "../lib/updateFigures.mjs";

const loadScript = fileURLToPath(new URL("../children/updateLoad.mjs", import.meta.url));

/**
 * Runs the load generator on a target for some seconds, each target's equipment going on
 * from where its last run left them (one state per store: both sides of PostgreSQL write
 * one database).
 *
 * @param {Record<string, import("../lib/childServer.mjs").ChildServer>} targets
 * @param {number} equipment - loaded equipment per account
 * @param {string | undefined} cpus - the load's CPUs
 */
function loadRunner(targets, equipment, cpus) {
  const postgresState = initialLoadState(equipment);
  /** @type {Record<string, any[]>} */
  const stateOf = {
    wsafePglite: initialLoadState(equipment),
    peerPglite: initialLoadState(equipment),
    wsafePostgres: postgresState,
    peerPostgres: postgresState,
  };
  return async (
    /** @type {string} */ name,
    /** @type {number} */ connections,
    /** @type {number} */ seconds,
  ) => {
    const accounts = /** @type {any[]} */ (stateOf[name]);
    const url = `${targets[name]?.url}/v1/equipments.update`;
    const { state, ...result } = await runPinnedChild(
      loadScript,
      { url, connections, seconds, accounts },
      cpus,
      "the update load",
    );
    state.forEach((/** @type {any} */ equipmentState, /** @type {number} */ i) => {
      accounts[i].equipment = equipmentState;
    });
    return result;
  };
}

/**
 * Times every target with each number of clients, rounds taking turns.
 *
 * @param {{ targets: Record<string, import("../lib/childServer.mjs").ChildServer>, checked: Record<string, any>, equipment: number, clients: number[], seconds: number, rounds: number, warmupSeconds: number }} options
 */
export async function timeUpdateRounds({
  targets,
  checked,
  equipment,
  clients,
  seconds,
  rounds,
  warmupSeconds,
}) {
  const plan = pinningPlan({ cpuCount: os.cpus().length, taskset: tasksetAvailable() });
  if (plan.pinned) for (const server of Object.values(targets)) pinProcess(server.pid, plan.serverCpus);
  else loud(`updates: NOT PINNED (${plan.why})`);
  const cpus = plan.pinned ? plan.loadCpus : undefined;
  const ticksPerSecond = clockTicksPerSecond();
  const load = loadRunner(targets, equipment, cpus);
  /** @type {Record<string, Record<string, any>>} */
  const byClients = {};
  for (const connections of clients) {
    /** @type {Record<string, any[]>} */
    const roundsOf = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (const name of warmupSeconds > 0 ? Object.keys(targets) : []) {
      progress(`updates, ${connections} client(s): warming up ${name} for ${warmupSeconds} s`);
      await load(name, connections, warmupSeconds);
    }
    for (let round = 1; round <= rounds; round++) {
      for (const [name, server] of Object.entries(targets)) {
        const beforeTicks = readCpuTicks(server.pid);
        const result = await load(name, connections, seconds);
        const afterTicks = readCpuTicks(server.pid);
        const requests = result.requests.total;
        result.cpuMicrosPerRequest = cpuMicrosPerRequest({
          beforeTicks,
          afterTicks,
          requests,
          ticksPerSecond,
        });
        result.loadAverage = os.loadavg()[0];
        roundsOf[name]?.push(result);
        if (result.notOk > 0)
          loud(`updates: ${name} answered ${result.notOk} requests with a failure: ${result.firstNotOk}`);
        progress(
          `updates, ${connections} client(s): round ${round}/${rounds} ${name.padEnd(14)} ${result.requests.average.toFixed(0).padStart(5)} req/s, ${result.cpuMicrosPerRequest.toFixed(0).padStart(5)} µs CPU/req, p50 ${result.latency.p50.toFixed(2)} ms, p99 ${result.latency.p99.toFixed(2)} ms, load ${result.loadAverage.toFixed(2)}`,
        );
      }
    }
    byClients[connections] = Object.fromEntries(
      Object.entries(roundsOf).map(([name, list]) => [
        name,
        {
          ...summariseRounds(list),
          notOk: list.reduce((sum, r) => sum + r.notOk, 0),
          loadAverages: list.map((r) => r.loadAverage),
        },
      ]),
    );
    for (const line of updateFigureLines({ connections, byStore: byClients[connections], checked }))
      progress(line);
  }
  return {
    method: { pinned: plan.pinned, serverCpus: plan.serverCpus, loadCpus: plan.loadCpus, ticksPerSecond },
    byClients,
  };
}
