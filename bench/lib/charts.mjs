import { formatRatio } from "./formatNumbers.mjs";
import { percentileChart } from "./percentileChart.mjs";
import { ratioBarChart } from "./ratioBarChart.mjs";

/**
 * The charts of a run, as `{ file, title, svg }`: the ratios as bars, the latency
 * percentile curves of the request pipeline, the big list and the typical list.
 *
 * @param {any} results
 * @param {import("./figures.mjs").Figure[]} figures
 * @param {string} subtitle - machine facts in one line
 */
export function buildCharts(results, figures, subtitle) {
  const charts = [];
  const bars = figures
    .filter((f) => f.share != null)
    .map((f) => ({
      label: f.chartLabel ?? f.name,
      share: /** @type {number} */ (f.share),
      note: `${formatRatio(f.ratio)} ${f.chartPeer ?? f.peer}`,
      goal: f.goalShare,
      met: f.met,
    }));
  if (bars.length) {
    charts.push({
      file: "ratios.svg",
      title: "wsafe beside its ceilings",
      svg: ratioBarChart(bars, {
        title: "wsafe beside its ceilings (100 % = as fast as the peer)",
        subtitle,
      }),
    });
  }
  const p = results.pipeline;
  if (p) {
    // autocannon counts whole milliseconds, so the first per cent adds nothing but zeros;
    // the axis ends at 99.99 %: past it, a 10-second run holds a handful of requests.
    const curve = (/** @type {any} */ target) =>
      target.percentiles.filter((/** @type {any} */ pt) => pt.p >= 1 && pt.p <= 99.99);
    charts.push({
      file: "pipeline-latency.svg",
      title: "resources.list latency",
      svg: percentileChart(
        [
          { label: `wsafe, PGlite (${Math.round(p.wsafe.requestsPerSecond)} req/s)`, points: curve(p.wsafe) },
          ...(p.wsafePostgres
            ? [
                {
                  label: `wsafe, PostgreSQL (${Math.round(p.wsafePostgres.requestsPerSecond)})`,
                  points: curve(p.wsafePostgres),
                },
              ]
            : []),
          ...(p.wsafeInstalled
            ? [
                {
                  label: `wsafe installed, PGlite (${Math.round(p.wsafeInstalled.requestsPerSecond)})`,
                  points: curve(p.wsafeInstalled),
                },
              ]
            : []),
          ...[
            ["honoContract", "contract on Hono, documented"],
            ["honoContractFast", "contract on Hono, fast"],
            ["hono", "Hono + zod"],
            ["trpc", "stock tRPC 11"],
            ["contractFloor", "the contract's floor, node:https"],
            ["httpsFloor", "Node https, token in a Map"],
            // Runs stored before the steady method had this floor instead.
            ["trpcFloor", "tRPC floor, node:https"],
          ]
            .filter(([key]) => p[key])
            .map(([key, name]) => ({
              label: `${name} (${Math.round(p[key].requestsPerSecond)})`,
              points: curve(p[key]),
              dashed: true,
            })),
          // A run that timed only some servers (--pipeline-servers) may have neither.
          ...[
            ["bareHttps", "bare Fastify, HTTPS"],
            ["bareHttp", "bare Fastify, HTTP"],
          ]
            .filter(([key]) => p[key])
            .map(([key, name]) => ({
              label: `${name} (${Math.round(p[key].requestsPerSecond)})`,
              points: curve(p[key]),
              dashed: true,
            })),
        ],
        {
          title: `resources.list latency, ${p.connections} connections, keep-alive${p.method?.pinned ? ", server and load pinned to a CPU each" : ""}`,
          subtitle,
          xScale: "nines",
          maxNines: 4,
        },
      ),
    });
  }
  const b = results.bigList;
  if (b) {
    const series = [];
    const names = { pglite: "PGlite", postgres: "PostgreSQL" };
    for (const [backend, variants] of Object.entries(b.backends)) {
      const all = /** @type {any} */ (variants).all;
      if (!all) continue;
      const where = names[/** @type {keyof typeof names} */ (backend)] ?? backend;
      series.push(
        { label: `wsafe, ${where}`, points: all.wsafe.curve },
        { label: `raw SQL ceiling, ${where}`, points: all.ceiling.curve, dashed: true },
      );
    }
    if (series.length) {
      charts.push({
        file: "biglist-latency.svg",
        title: "equipments.list latency",
        svg: percentileChart(series, {
          title: `equipments.list, ${b.equipment.toLocaleString("en-US")} equipment, all fields: time per request`,
          subtitle,
          xScale: "linear",
        }),
      });
    }
  }
  const t = results.typicalList;
  if (t) {
    const names = { pglite: "PGlite", postgres: "PostgreSQL" };
    const curve = (/** @type {any} */ target) =>
      target.percentiles.filter((/** @type {any} */ pt) => pt.p >= 1 && pt.p <= 99.9);
    const series = Object.entries(t.backends).flatMap(([backend, v]) => {
      const where = names[/** @type {keyof typeof names} */ (backend)] ?? backend;
      return [
        { label: `wsafe, ${where} (${Math.round(v.wsafe.requestsPerSecond)} req/s)`, points: curve(v.wsafe) },
        {
          label: `raw SQL ceiling, ${where} (${Math.round(v.ceiling.requestsPerSecond)})`,
          points: curve(v.ceiling),
          dashed: true,
        },
      ];
    });
    if (series.length) {
      charts.push({
        file: "typicallist-latency.svg",
        title: "equipments.list latency, typical type",
        svg: percentileChart(series, {
          title: `equipments.list, ${t.equipment} equipment, all fields, ${t.connections} connections, keep-alive`,
          subtitle,
          xScale: "nines",
          maxNines: 3,
        }),
      });
    }
  }
  return charts;
}
