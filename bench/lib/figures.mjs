// Turns the raw results of the five workloads into the figures every output shows:
// each with its peer, the ratio between them, the goal and whether it was met. The
// `share` is the ratio made "higher is better" (wsafe's speed as a share of the
// peer's) so one bar chart can hold them all.

import { changesFigures } from "./changesFigures.mjs";
import { eventsFigures } from "./eventsFigures.mjs";
import { fairnessFigures } from "./fairnessFigures.mjs";
import { fanoutFigures } from "./fanoutFigures.mjs";
import { figure } from "./figure.mjs";
import { pipelineFigures } from "./pipelineFigures.mjs";
import { streamsFigures } from "./streamsFigures.mjs";
import { throughputFigures } from "./throughputFigures.mjs";
import { typicalListFigures } from "./typicalListFigures.mjs";
import { updateFigures } from "./updateFigures.mjs";

/** @typedef {import("./figure.mjs").Figure} Figure */

const backendNames = { pglite: "PGlite", postgres: "PostgreSQL" };
const variantNames = {
  all: "all fields",
  columns: "columns: id, status",
  nulls: "include_null_metavalues",
  expired: "status: expired",
};

/**
 * The big list's goals by store: time as a multiple of the ceiling's, peak memory above
 * idle in copies of the answer. PostgreSQL does the list's work in its own process, so
 * its goal is stricter (issue 16).
 */
const bigListGoals = {
  pglite: { time: 1.5, copies: 2 },
  postgres: { time: 0.8, copies: 1.5 },
};

/**
 * @param {any} results - `{ pipeline, bigList, typicalList, import, validation, client, workers }`, any of them absent
 * @returns {Figure[]}
 */
export function buildFigures(results) {
  /** @type {Figure[]} */
  const figures = [];
  if (results.pipeline) figures.push(...pipelineFigures(results.pipeline));
  const b = results.bigList;
  if (b) {
    const w = "2 big list";
    const n = b.equipment.toLocaleString("en-US");
    for (const [backend, variants] of Object.entries(b.backends)) {
      const where = backendNames[/** @type {keyof typeof backendNames} */ (backend)] ?? backend;
      for (const [variant, v] of Object.entries(/** @type {Record<string, any>} */ (variants))) {
        const what = variantNames[/** @type {keyof typeof variantNames} */ (variant)] ?? variant;
        const ratio = v.wsafe.medianMs / v.ceiling.medianMs;
        const goals = bigListGoals[/** @type {keyof typeof bigListGoals} */ (backend)] ?? bigListGoals.pglite;
        figures.push(
          figure({
            workload: w,
            name: `${where}, ${n} equipment, ${what}: time`,
            value: v.wsafe.medianMs,
            unit: "ms",
            peer: `raw SQL + JSON.stringify${v.sameAnswer ? "" : " (ANSWERS DIFFER)"}`,
            peerValue: v.ceiling.medianMs,
            goal: `≤ ${goals.time.toFixed(2)}×`,
            met: ratio <= goals.time,
            chartLabel: `equipments.list, ${where}, ${what}`,
            chartPeer: "raw SQL's time",
            share: 1 / ratio,
            goalShare: 1 / goals.time,
          }),
        );
        if (variant === "all") {
          figures.push(
            figure({
              workload: w,
              name: `${where}, ${what}: bytes`,
              value: v.wsafe.bytes,
              unit: "B",
              peer: "raw SQL + JSON.stringify",
              peerValue: v.ceiling.bytes,
            }),
          );
        }
        // Memory the answer cost above the idle server, counted in copies of the answer.
        const copies = (v.wsafe.peakRss - v.wsafe.idleRss) / v.wsafe.bytes;
        const ceilingCopies = (v.ceiling.peakRss - v.ceiling.idleRss) / v.ceiling.bytes;
        // Only a server that served nothing else has a peak that belongs to this answer.
        // The short answers (two columns, the expired only) are too small to weigh.
        const weighed = variant === "all" || variant === "nulls";
        if (b.freshServerPerVariant && weighed && Number.isFinite(copies)) {
          figures.push(
            figure({
              workload: w,
              name: `${where}, ${what}: peak RSS ${(v.wsafe.peakRss / 2 ** 20).toFixed(0)} MiB; above idle, in copies of the answer`,
              value: copies,
              unit: "×",
              peer: `raw SQL + JSON.stringify (${(v.ceiling.peakRss / 2 ** 20).toFixed(0)} MiB)`,
              peerValue: Number.isFinite(ceilingCopies) ? ceilingCopies : null,
              goal: `≤ ${goals.copies} copies`,
              met: copies <= goals.copies,
            }),
          );
        }
      }
      const all = variants.all;
      const columns = variants.columns;
      if (all && columns) {
        figures.push(
          figure({
            workload: w,
            name: `${where}, columns: id, status: time`,
            value: columns.wsafe.medianMs,
            unit: "ms",
            peer: "wsafe, all fields",
            peerValue: all.wsafe.medianMs,
            goal: "≤ 0.50×",
            met: columns.wsafe.medianMs / all.wsafe.medianMs <= 0.5,
          }),
        );
      }
      // Keyset pages: the last page of the type should cost what the first does.
      const pages = b.pages?.[backend];
      if (pages) {
        figures.push(
          figure({
            workload: w,
            name: `${where}, page of ${pages.pageSize.toLocaleString("en-US")} at record ${pages.lastPosition.toLocaleString("en-US")}: time`,
            value: pages.last.medianMs,
            unit: "ms",
            peer: "the first page",
            peerValue: pages.first.medianMs,
            goal: "≤ 1.25×",
            met: pages.ratio <= 1.25,
          }),
        );
      }
    }
  }
  if (results.typicalList) figures.push(...typicalListFigures(results.typicalList));
  const i = results.import;
  if (i) {
    const w = "3 import";
    const n = i.equipment.toLocaleString("en-US");
    // "Records" as `wsafe import` counts them: every row written (equipment, their
    // schedules, the account, token, users and type); equipment/s is shown beside.
    for (const [backend, run] of Object.entries(/** @type {Record<string, any>} */ (i.backends))) {
      const where = backendNames[/** @type {keyof typeof backendNames} */ (backend)] ?? backend;
      figures.push(
        figure({
          workload: w,
          name: `${n} equipment (${i.rows.toLocaleString("en-US")} records${run.events === undefined ? "" : `, ${run.events.toLocaleString("en-US")} events recorded`}) into ${where}`,
          value: run.rowsPerSecond,
          unit: "records/s",
          peer: `${where}'s own COPY of the same rows from CSV`,
          peerValue: run.copyLimit?.rowsPerSecond ?? null,
          ...(run.copyLimit
            ? {
                goal: "≥ 0.50×",
                met: run.rowsPerSecond >= 0.5 * run.copyLimit.rowsPerSecond,
                chartLabel: `import into ${where} vs its COPY`,
                chartPeer: "COPY's records/s",
                share: run.rowsPerSecond / run.copyLimit.rowsPerSecond,
                goalShare: 0.5,
              }
            : {}),
        }),
      );
      if (backend === "postgres") {
        figures.push(
          figure({
            workload: w,
            name: `${n} equipment into ${where}: records/s against the floor`,
            value: run.rowsPerSecond,
            unit: "records/s",
            peer: "floor 60 000/s",
            peerValue: 60_000,
            goal: "≥ 1.00×",
            met: run.rowsPerSecond >= 60_000,
            chartLabel: "import into PostgreSQL, records/s",
            chartPeer: "the floor (60 000/s)",
            share: run.rowsPerSecond / 60_000,
            goalShare: 1,
          }),
        );
      }
      figures.push(
        figure({
          workload: w,
          name: `${n} equipment into ${where}: equipment/s`,
          value: run.recordsPerSecond,
          unit: "equipment/s",
        }),
      );
    }
  }
  const v = results.validation;
  if (v) {
    figures.push(
      figure({
        workload: "4 validation",
        name: `validate("equipments.list.result"), ${v.records} records`,
        value: v.schemaPayloadsPerSecond,
        unit: "payloads/s",
        peer: "ajv 2020, compiled once",
        peerValue: v.ajvPayloadsPerSecond,
        goal: "≥ 0.80×",
        met: v.schemaPayloadsPerSecond >= 0.8 * v.ajvPayloadsPerSecond,
        chartLabel: "validate() payloads/s vs ajv",
        chartPeer: "ajv's payloads/s",
        share: v.schemaPayloadsPerSecond / v.ajvPayloadsPerSecond,
        goalShare: 0.8,
      }),
    );
  }
  const c = results.client;
  if (c) {
    figures.push(
      figure({
        workload: "5 client",
        name: "@wsafe/client min+gzip, no validation",
        value: c.without.gzip,
        unit: "B",
        peer: "budget 3 kB",
        peerValue: 3072,
        goal: "≤ 1.00×",
        met: c.without.gzip <= 3072,
        chartLabel: "client bundle (min+gzip) vs 3 kB budget",
        chartPeer: "the budget",
        share: 3072 / c.without.gzip,
        goalShare: 1,
      }),
      figure({
        workload: "5 client",
        name: "@wsafe/client min+gzip, with validation",
        value: c.withValidation.gzip,
        unit: "B",
        peer: "without validation",
        peerValue: c.without.gzip,
      }),
    );
  }
  if (results.events) figures.push(...eventsFigures(results.events));
  if (results.streams) figures.push(...streamsFigures(results.streams));
  if (results.fairness) figures.push(...fairnessFigures(results.fairness));
  if (results.deliveries) figures.push(...throughputFigures(results.deliveries));
  if (results.fanout) figures.push(...fanoutFigures(results.fanout));
  if (results.updates) figures.push(...updateFigures(results.updates));
  if (results.changes) figures.push(...changesFigures(results.changes));
  const k = results.workers;
  if (k && !k.skipped) {
    figures.push(
      figure({
        workload: "6 workers",
        name: `users.info on PostgreSQL over HTTPS, ${k.connections} connections${k.pinned ? `, servers on CPUs ${k.serverCpus}, load on ${k.loadCpus}` : ""}: --workers 2`,
        value: k.twoWorkers,
        unit: "req/s",
        peer: "--workers 1",
        peerValue: k.oneWorker,
      }),
    );
  }
  return figures;
}
