import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildServerAt,
  createScratchDirectory,
  releaseCommit,
  sameDependencies,
  writeCertificateFiles,
} from "@wsafe/test-support";
import { compareFigure } from "../lib/againstFigures.mjs";
import { benchDataset } from "../lib/benchDataset.mjs";
import { startChildServer } from "../lib/childServer.mjs";
import { sampleIdleCpu } from "../lib/idleCpu.mjs";
import { loud, progress } from "../lib/log.mjs";
import { serverLocation } from "../lib/serverSnapshot.mjs";

/** The figures of issue 48's "done when", by the `--only` name of the workload that measures each. */
export const againstFigureNames = ["pipeline", "inspections", "streams", "fairness", "fanout"];

/**
 * The commit a ref names: a release number (`1.3.0`) is its release commit, found by its
 * message as the upgrade tests find it; anything else is what git makes of it.
 *
 * @param {string} root - the repository
 * @param {string} ref - `1.3.0`, a tag, a branch, a hash
 */
export function resolveRef(root, ref) {
  if (/^\d+\.\d+\.\d+$/.test(ref)) {
    const commit = releaseCommit(root, ref);
    if (!commit) throw new Error(`the history holds no commit of release ${ref}: fetch the full history`);
    return commit;
  }
  return execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], {
    cwd: root,
    encoding: "utf8",
  }).trim();
}

/**
 * @typedef {object} Side
 * @property {"workspace" | "against"} key
 * @property {string} label - for people
 * @property {string} dir - the server's folder (`dist/`, `bin/`, `migrations/`)
 */

/**
 * Runs `work` with every server the bench starts or imports being `side`'s build: the
 * workloads find it through `WSAFE_BENCH_SERVER_DIR` (`serverLocation()`), each time they
 * ask, and so do their children.
 *
 * @template T
 * @param {Side} side
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
async function asSide(side, work) {
  const before = process.env.WSAFE_BENCH_SERVER_DIR;
  process.env.WSAFE_BENCH_SERVER_DIR = side.dir;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.WSAFE_BENCH_SERVER_DIR;
    else process.env.WSAFE_BENCH_SERVER_DIR = before;
  }
}

/**
 * What each figure measures of one side in one turn: the workload the bench runs for it,
 * every peer started and checked as the bench checks it, and the samples it gave. Each
 * answers `{ name, unit, better, samples, note? }[]`.
 *
 * @param {any} sizes - the run's sizes (run.mjs)
 * @param {string | undefined} postgresUrl
 * @param {string} root
 */
function figureRunners(sizes, postgresUrl, root) {
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

/**
 * Issue 48's "done when": the bench's five figures of the workspace build beside another
 * build of the server made from git (`ref`: a release number such as `1.3.0`, or any ref),
 * in one run on one machine. Per figure, the two sides take turns (`turns` times, the
 * first side alternating), each turn the workload the bench runs for that figure, pinned
 * as it pins it, its peers checked as it checks them; then each figure's median per
 * side, the ratio, and whether the ratio is within the wider of the two sides' own
 * spreads (see `compareFigure`).
 *
 * @param {{ root: string, ref: string, turns: number, sizes: any, postgresUrl?: string, only?: string[] }} options
 */
export async function runAgainstBuild({ root, ref, turns, sizes, postgresUrl, only }) {
  const commit = resolveRef(root, ref);
  if (!sameDependencies(root, commit))
    throw new Error(
      `${ref} (${commit.slice(0, 7)}) depends on other packages than the workspace: build it apart`,
    );
  progress(`against: building the server of ${ref} (${commit.slice(0, 7)}) from git`);
  const built = buildServerAt(root, commit);
  try {
    /** @type {Side[]} */
    const sides = [
      { key: "workspace", label: "workspace build", dir: serverDirOfRun() },
      { key: "against", label: `${ref} (${commit.slice(0, 7)})`, dir: built.dir },
    ];
    const runners = figureRunners(sizes, postgresUrl, root);
    /** @type {Map<string, any>} */
    const collected = new Map();
    for (const name of againstFigureNames.filter((n) => !only || only.includes(n))) {
      for (let turn = 0; turn < turns; turn++) {
        const order = turn % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) {
          progress(`against: ${name}, turn ${turn + 1}/${turns}, ${side.label}`);
          try {
            const figures = await asSide(side, () =>
              runners[/** @type {keyof typeof runners} */ (name)](side),
            );
            for (const figure of figures) collect(collected, figure, side.key);
          } catch (error) {
            loud(
              `against: ${name} on ${side.label} FAILED: ${/** @type {Error} */ (error).message.split("\n")[0]}`,
            );
            throw error;
          }
        }
      }
    }
    const figures = [...collected.values()].map(compareFigure);
    return { ref, commit, turns, sides: sides.map(({ key, label }) => ({ key, label })), figures };
  } finally {
    built.remove();
  }
}

/**
 * Adds one side's samples of a figure to what the turns collected.
 *
 * @param {Map<string, any>} collected
 * @param {{ name: string, unit: string, better: "lower" | "higher", samples: number[], note?: string }} figure
 * @param {"workspace" | "against"} key
 */
function collect(collected, figure, key) {
  const entry = collected.get(figure.name) ?? {
    name: figure.name,
    unit: figure.unit,
    better: figure.better,
    workspace: { samples: [] },
    against: { samples: [] },
  };
  entry[key].samples.push(...figure.samples);
  if (figure.note) entry[key].note = figure.note;
  collected.set(figure.name, entry);
}

/** The workspace build the run measures: its snapshot (run.mjs), else the workspace's server. */
function serverDirOfRun() {
  return process.env.WSAFE_BENCH_SERVER_DIR || join(serverLocation().bin, "..", "..");
}
