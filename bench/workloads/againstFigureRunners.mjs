import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createScratchDirectory, writeCertificateFiles } from "@wsafe/test-support";
import { benchDataset } from "../lib/benchDataset.mjs";
import { startChildServer } from "../lib/childServer.mjs";
import { sampleIdleCpu } from "../lib/idleCpu.mjs";
import { progress } from "../lib/log.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";

/**
 * @typedef {object} Side
 * @property {"workspace" | "against"} key
 * @property {string} label - for people
 * @property {string} dir - the server's folder (`dist/`, `bin/`, `migrations/`)
 */

/**
 * What each figure measures of one side in one turn: the workload the bench runs for it,
 * every peer started and checked as the bench checks it, and the samples it gave. Each
 * answers `{ name, unit, better, samples, note? }[]`.
 *
 * @param {any} sizes - the run's sizes (run.mjs)
 * @param {string | undefined} postgresUrl
 * @param {string} root
 */
export function figureRunners(sizes, postgresUrl, root) {
  return {
    pipeline: async () => {
      const { runPipeline } = await import("./pipeline.mjs");
      // Only wsafe is timed; the peers are still started and checked, as in every run.
      const result = await runPipeline({ ...sizes.pipeline, unpinnedRounds: 0, only: ["wsafe"] });
      return [
        {
          name: "resources.list: server CPU per request (PGlite, pinned)",
          unit: "µs",
          better: "lower",
          samples: result.wsafe.roundsCpuMicrosPerRequest,
        },
        {
          name: "resources.list: requests per second (PGlite, pinned)",
          unit: "req/s",
          better: "higher",
          samples: result.wsafe.roundsRequestsPerSecond,
        },
      ];
    },
    inspections: async () => {
      const { runInspectionsRecord } = await import("./inspectionsRecord.mjs");
      const result = await runInspectionsRecord({ ...sizes.inspections, postgresUrl });
      return inspectionFigures(result);
    },
    streams: async (/** @type {Side} */ side) => [await idleFigure(side, sizes.streams.idle)],
    fairness: async () => {
      if (!postgresUrl) return [];
      const { runWebhookFairness } = await import("./webhookFairness.mjs");
      const result = await runWebhookFairness({ ...sizes.fairness, baseline: false, root, postgresUrl });
      return [
        {
          name: "delivery fairness: another tenant's delivery after its event (PostgreSQL)",
          unit: "ms",
          better: "lower",
          samples: result.wsafe.latencies,
          ...(result.wsafe.lowerBound
            ? { note: "a lower bound: the deliveries did not arrive in time" }
            : {}),
        },
      ];
    },
    fanout: async () => {
      const { runStreamFanout } = await import("./streamFanout.mjs");
      const result = await runStreamFanout({ ...sizes.fanout, postgresUrl });
      return Object.entries(result.backends).map(([label, backend]) => ({
        name: `stream fan-out: server CPU per frame (${label})`,
        unit: "µs",
        better: "lower",
        samples: [backend.wsafe.cpuMicrosPerFrame],
        ...(backend.wsafe.complete ? {} : { note: `${label}: not every frame delivered in time` }),
        ...(backend.sameBytes === false
          ? { note: `${label}: the streams did not all get the same bytes` }
          : {}),
      }));
    },
  };
}

/**
 * `inspections.record`'s figures: wsafe's CPU per request, and the same beside its raw-SQL
 * peer's (peer ÷ wsafe, the bench's own ratio), per store and client count.
 *
 * @param {any} result - what `runInspectionsRecord` answered
 */
function inspectionFigures(result) {
  const figures = [];
  for (const [clients, byServer] of Object.entries(result.byClients)) {
    for (const store of ["Pglite", "Postgres"]) {
      const wsafe = byServer[`wsafe${store}`];
      const peer = byServer[`peer${store}`];
      if (!wsafe || !peer) continue;
      const where = `${store === "Pglite" ? "PGlite" : "PostgreSQL"}, ${clients} client(s)`;
      const failing = result.checked[`wsafe${store}`].kind !== "checked";
      const note = failing ? { note: `wsafe fails the kit's checks of inspections.record (${where})` } : {};
      figures.push(
        {
          name: `inspections.record: server CPU per request (${where})`,
          unit: "µs",
          better: "lower",
          samples: wsafe.roundsCpuMicrosPerRequest,
          ...note,
        },
        {
          name: `inspections.record: CPU per request beside the raw-SQL peer's (${where})`,
          unit: "× peer",
          better: "lower",
          samples: wsafe.roundsCpuMicrosPerRequest.map(
            (/** @type {number} */ micros, /** @type {number} */ i) =>
              micros / peer.roundsCpuMicrosPerRequest[i],
          ),
          ...note,
        },
      );
    }
  }
  return figures;
}

/**
 * The idle CPU of `side`'s server with events and webhooks on (the defaults), on PGlite
 * with 1 000 equipment imported by that build, as workload 9 measures it: every slice's
 * ms of CPU a second is a sample, beside Node's bare `https` server in the same window.
 *
 * @param {Side} side
 * @param {{ settleSeconds: number, seconds: number, sliceSeconds: number }} idle
 */
async function idleFigure(side, idle) {
  const { openStore, importDataset } = await import(serverLocation().entryUrl);
  const tls = await createScratchDirectory("bench-tls");
  const dir = mkdtempSync(join(tmpdir(), "wsafe-bench-against-idle-"));
  try {
    await writeCertificateFiles(tls.path);
    const database = join(dir, "wsafe");
    const store = await openStore(database);
    try {
      await importDataset(store, benchDataset({ equipmentCount: 1_000 }));
    } finally {
      await store.close();
    }
    const server = await startChildServer("wsafeServer.mjs", { database, tlsDir: tls.path });
    const bare = await startChildServer("bareHttps.mjs", { tlsDir: tls.path });
    try {
      await new Promise((resolve) => setTimeout(resolve, idle.settleSeconds * 1000));
      const [wsafe, floor] = await Promise.all([
        sampleIdleCpu(() => [server.pid], idle),
        sampleIdleCpu(() => [bare.pid], idle),
      ]);
      progress(
        `against, ${side.label}: idle ${wsafe.medianMsPerSecond.toFixed(2)} ms/s (bare https ${floor.medianMsPerSecond.toFixed(2)})`,
      );
      return {
        name: "idle CPU, events and webhooks on (PGlite)",
        unit: "ms/s",
        better: "lower",
        samples: wsafe.slices,
      };
    } finally {
      await bare.close();
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await tls.remove();
  }
}
