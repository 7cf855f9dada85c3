#!/usr/bin/env node
// `pnpm bench` (full sizes) and `pnpm bench --quick` (tiny sizes, under a minute):
// runs the five workloads of issue 7 one after another - never two heavy ones at
// once on a small machine - prints each figure beside its peer, and writes the
// results, a Markdown summary and the charts. Options (--help prints them):
//   --quick            tiny sizes; results go to bench/results/quick/ (not committed)
//   --only=a,b         run some workloads: pipeline, biglist, typicallist, import, importscale,
//                      validation, client, workers, events, streams, fairness, deliveries,
//                      inspections, updates, changes, fanout
//   --fanout-events=N  the events of the fan-out's import (default 10000, issue 38's; each
//                      reaches all 1 000 streams: 10 000 000 frames, minutes for wsafe)
//   --changes-equipment=N the equipment of the equipments.changes catch-up (default 100000;
//                      2500 with --quick)
//   --import-sizes=a,b the equipment counts of the import scaling on PostgreSQL (10000,100000;
//                      add 1000000 for the million of issue 38: 789 MB of JSON, minutes)
//   --pipeline-rounds=N the pipeline's pinned rounds (3 in the full run): a long run shows
//                      what drifts or ticks from round to round (issue 38)
//   --pipeline-servers=a,b time only these pipeline servers (keys of pipelineTargets.mjs,
//                      results in bench/results/partial/, not committed;
//                      e.g. wsafe,honoContractFast,contractFloor); all are still checked
//   --against=REF      issue 48's five figures (resources.list CPU/req, inspections.record beside
//                      its peer, idle CPU, delivery fairness, the stream fan-out) of this build
//                      beside the server of REF built from git (a release such as 1.3.0, or any
//                      git ref), taking turns, in one run; --only= picks among pipeline,
//                      inspections, streams, fairness, fanout; results in bench/results/against/
//   --against-turns=N  turns of each figure per side (default 2; 1 with --quick)
//   --cpu-prof         CPU profiles of the wsafe server and the contract's floor under load
//                      (workload 1) and of the import commands (workload 3) into
//                      bench/results/profiles/;
//                      read them with `node bench/profile-summary.mjs FILE`
import { readFileSync } from "node:fs";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkBenchArguments } from "./lib/benchArguments.mjs";
import { benchDataset } from "./lib/benchDataset.mjs";
import { benchSizes } from "./lib/benchSizes.mjs";
import { loud, progress } from "./lib/log.mjs";
import { machineFacts } from "./lib/machineFacts.mjs";
import { pipelineNotes } from "./lib/pipelineNotes.mjs";
import { findPostgresUrl } from "./lib/postgresDatabase.mjs";
import { snapshotServer } from "./lib/serverSnapshot.mjs";
import { writeOutputs } from "./lib/writeOutputs.mjs";

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = join(benchDir, "..");
const args = process.argv.slice(2);
const wrong = checkBenchArguments(args);
if (wrong !== undefined) {
  // The options are this file's opening comment.
  const text = readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n");
  const end = text.findIndex((line, index) => index > 0 && !line.startsWith("//"));
  const usage = text.slice(1, end).map((line) => line.slice(3));
  if (wrong === "help") {
    console.log(usage.join("\n"));
    process.exit(0);
  }
  console.error(`bench: ${wrong}\n${usage.join("\n")}`);
  process.exit(2);
}
const quick = args.includes("--quick");
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");
const cpuProf = args.includes("--cpu-prof");
const importSizes = args
  .find((arg) => arg.startsWith("--import-sizes="))
  ?.slice("--import-sizes=".length)
  .split(",")
  .map(Number);
const pipelineRounds = Number(
  args.find((arg) => arg.startsWith("--pipeline-rounds="))?.slice("--pipeline-rounds=".length) ?? Number.NaN,
);
const pipelineServers = args
  .find((arg) => arg.startsWith("--pipeline-servers="))
  ?.slice("--pipeline-servers=".length)
  .split(",");
/** Whether the pipeline times that server (all, unless `--pipeline-servers` names some). @param {string} key */
const timesPipeline = (key) => !pipelineServers || pipelineServers.includes(key);
const wanted = (/** @type {string} */ name) => !only || only.includes(name);
const fanoutEvents = Number(
  args.find((arg) => arg.startsWith("--fanout-events="))?.slice("--fanout-events=".length) ?? 10_000,
);

const changesEquipment = Number(
  args.find((arg) => arg.startsWith("--changes-equipment="))?.slice("--changes-equipment=".length) ??
    Number.NaN,
);

const sizes = benchSizes({
  quick,
  importSizes,
  fanoutEvents,
  ...(Number.isInteger(changesEquipment) && changesEquipment > 0 ? { changesEquipment } : {}),
});

const machine = machineFacts(root);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const loadBefore = loadAverage();
progress(
  `wsafe bench${quick ? " --quick" : ""}: ${machine.cpuModel} ×${machine.cpuCount}, Node ${machine.node}, load ${loadBefore}`,
);

/** @type {string[]} */
const notes = [];
const postgresUrl = findPostgresUrl(root, !quick);
if (
  !postgresUrl &&
  "biglist typicallist import importscale events streams fairness deliveries fanout updates changes"
    .split(" ")
    .some(wanted)
) {
  const why = quick
    ? "WSAFE_TEST_DATABASE_URL is not set (the quick run does not start PostgreSQL)"
    : "no PostgreSQL: WSAFE_TEST_DATABASE_URL is not set and scripts/services.sh could not start one";
  loud(`PostgreSQL parts SKIPPED: ${why}`);
  notes.push(`PostgreSQL parts skipped: ${why}.`);
}

// One copy of the built server for the whole run (see lib/serverSnapshot.mjs).
let snapshot;
try {
  snapshot = snapshotServer();
  process.env.WSAFE_BENCH_SERVER_DIR = snapshot.dir;
  progress(`server: measuring the build copied to ${snapshot.dir}`);
} catch (error) {
  loud(`server workloads will fail: ${/** @type {Error} */ (error).message}`);
}
process.on("exit", () => snapshot?.remove());

const against = args.find((arg) => arg.startsWith("--against="))?.slice("--against=".length);
if (against !== undefined) {
  const { runAgainstMode } = await import("./workloads/againstBuild.mjs");
  await runAgainstMode({
    args,
    against,
    root,
    benchDir,
    quick,
    sizes,
    postgresUrl,
    only,
    machine,
    loadBefore,
    notes,
  });
  process.exit();
}

/** @type {Record<string, any>} */
const results = {};
/**
 * Runs one workload; a failure is reported loudly and the others still run.
 *
 * @param {string} name
 * @param {() => Promise<any>} work
 */
async function step(name, work) {
  if (!wanted(name)) return undefined;
  try {
    return await work();
  } catch (error) {
    loud(`${name} FAILED: ${/** @type {Error} */ (error).message.split("\n")[0]}`);
    console.error(error);
    notes.push(`${name} failed: ${/** @type {Error} */ (error).message.split("\n")[0]}`);
    process.exitCode = 1;
    return undefined;
  }
}

results.client = await step("client", async () =>
  (await import("./workloads/clientBundle.mjs")).runClientBundle(),
);
results.validation = await step("validation", async () =>
  (await import("./workloads/validation.mjs")).runValidation(sizes.validation),
);
results.pipeline = await step("pipeline", async () => {
  const cpuProfileDir = cpuProf ? join(benchDir, "results", "profiles") : undefined;
  if (!postgresUrl || quick)
    notes.push("pipeline: wsafe on PostgreSQL not measured (quick run or no database URL).");
  const result = await (await import("./workloads/pipeline.mjs")).runPipeline({
    ...sizes.pipeline,
    ...(Number.isInteger(pipelineRounds) && pipelineRounds > 0 ? { rounds: pipelineRounds } : {}),
    only: pipelineServers,
    cpuProfileDir,
    // The quick run keeps to one wsafe: a second one with demo data costs seconds it does not have.
    postgresUrl: quick || !timesPipeline("wsafePostgres") ? undefined : postgresUrl,
    // Packing and installing from the registry takes a minute: full runs only.
    installed: !quick && timesPipeline("wsafeInstalled"),
  });
  notes.push(...pipelineNotes(result));
  return result;
});
results.bigList = await step("biglist", async () =>
  (await import("./workloads/bigList.mjs")).runBigList({
    dataset: benchDataset({ equipmentCount: sizes.bigList.equipment }),
    runs: sizes.bigList.runs,
    freshServerPerVariant: sizes.bigList.freshServerPerVariant,
    postgresUrl,
  }),
);
results.typicalList = await step("typicallist", async () => {
  const { equipment, ...load } = sizes.typicalList;
  return (await import("./workloads/typicalList.mjs")).runTypicalList({
    dataset: benchDataset({ equipmentCount: equipment }),
    ...load,
    postgresUrl,
  });
});
results.import = await step("import", async () => {
  const result = await (await import("./workloads/importRecords.mjs")).runImportWorkload({
    dataset: benchDataset({ equipmentCount: sizes.import.equipment }),
    postgresUrl,
    cpuProfileDir: cpuProf ? join(benchDir, "results", "profiles") : undefined,
  });
  return result;
});
results.importScaling = await step("importscale", async () =>
  (await import("./workloads/importScaling.mjs")).runImportScaling({ ...sizes.importScaling, postgresUrl }),
);
results.events = await step("events", async () =>
  (await import("./workloads/events.mjs")).runEvents({ ...sizes.events, postgresUrl }),
);
results.streams = await step("streams", async () => ({
  ...(await (await import("./workloads/streams.mjs")).runStreams({ ...sizes.streams, postgresUrl })),
  retention: await (await import("./workloads/retentionPrune.mjs")).runRetentionPrune({
    ...sizes.retention,
    postgresUrl,
  }),
}));
results.fanout = await step("fanout", async () =>
  (await import("./workloads/streamFanout.mjs")).runStreamFanout({ ...sizes.fanout, postgresUrl }),
);
results.fairness = await step("fairness", async () => {
  if (!postgresUrl) {
    notes.push("fairness: not measured (the scene imports while the server runs: PostgreSQL only).");
    return undefined;
  }
  const result = await (await import("./workloads/webhookFairness.mjs")).runWebhookFairness({
    ...sizes.fairness,
    root,
    postgresUrl,
  });
  if (result.baselineSkipped) notes.push(`fairness: no baseline: ${result.baselineSkipped}.`);
  return result;
});
results.deliveries = await step("deliveries", async () => {
  const { runWebhookThroughput } = await import("./workloads/webhookThroughput.mjs");
  if (postgresUrl) return runWebhookThroughput({ ...sizes.deliveries, postgresUrl });
  notes.push("deliveries: not measured (claims across servers are PostgreSQL's: PostgreSQL only).");
});
results.inspections = await step("inspections", async () => {
  if (!postgresUrl) notes.push("inspections: PostgreSQL not measured (no database URL).");
  return (await import("./workloads/inspectionsRecord.mjs")).runInspectionsRecord({
    ...sizes.inspections,
    postgresUrl,
  });
});
results.updates = await step("updates", async () => {
  if (!postgresUrl) notes.push("updates: PostgreSQL not measured (no database URL).");
  return (await import("./workloads/equipmentsUpdate.mjs")).runEquipmentsUpdate({
    ...sizes.updates,
    postgresUrl,
  });
});
results.changes = await step("changes", async () => {
  if (!postgresUrl) notes.push("changes: PostgreSQL not measured (no database URL).");
  return (await import("./workloads/equipmentsChanges.mjs")).runEquipmentsChanges({
    ...sizes.changes,
    postgresUrl,
  });
});
results.workers = await step("workers", async () => {
  if (!postgresUrl) {
    notes.push("workers: not measured (wsafe serve --workers needs PostgreSQL).");
    return undefined;
  }
  const result = await (await import("./workloads/workers.mjs")).runWorkers({
    ...sizes.workers,
    postgresUrl,
  });
  if (result.skipped) notes.push(`workers: --workers 2 not measured: ${result.skipped}.`);
  return result;
});
for (const [backend, variants] of Object.entries(results.bigList?.backends ?? {})) {
  for (const [variant, v] of Object.entries(/** @type {Record<string, any>} */ (variants))) {
    if (!v.sameAnswer)
      notes.push(`big list ${backend}/${variant}: wsafe and the ceiling answered differently.`);
  }
}
for (const [backend, v] of Object.entries(results.typicalList?.backends ?? {})) {
  if (!v.sameAnswer) notes.push(`typical list ${backend}: wsafe and the ceiling answered differently.`);
}
for (const [backend, v] of Object.entries(results.events?.backends ?? {})) {
  for (const window of ["future", "past"]) {
    if (v[window] && !v[window].comparison.same)
      notes.push(`events ${backend}/${window}: the walk and the raw-SQL peer gave different events.`);
  }
}

machine.loadBefore = loadBefore;
machine.loadAfter = loadAverage();
// A run of some pipeline servers only is not a run to publish: kept apart, as quick runs are.
const partial = pipelineServers !== undefined;
writeOutputs(
  { machine, quick, sizes, notes, results },
  join(benchDir, "results", ...(quick ? ["quick"] : partial ? ["partial"] : [])),
);
