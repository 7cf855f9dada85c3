import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildCharts } from "./charts.mjs";
import { buildFigures } from "./figures.mjs";
import { progress } from "./log.mjs";
import { markdownSummary } from "./markdownSummary.mjs";
import { figureCells, figureHeader, terminalTable } from "./terminalTable.mjs";

/**
 * Prints the table of a run and writes its files: `<date>.json`, `latest.json`,
 * `latest.md` and the SVG charts. Works from the raw results alone, so a stored run
 * can be rendered again (bench/render.mjs) when the presentation changes.
 *
 * @param {{ machine: any, quick: boolean, sizes: any, notes: string[], results: any }} run
 * @param {string} outDir
 * @param {{ dated?: boolean }} [options] - dated: also write `<date>.json`
 */
export function writeOutputs({ machine, quick, sizes, notes, results }, outDir, { dated = true } = {}) {
  const figures = buildFigures(results);
  console.log(`\nwsafe bench${quick ? " --quick (tiny sizes: figures are not representative)" : ""}`);
  console.log(
    `${machine.cpuModel}, ${machine.cpuCount} cores, ${machine.memoryMiB} MiB, Node ${machine.node}, ${machine.date}, commit ${machine.commit}`,
  );
  console.log(
    `load average (1, 5, 15 min): ${machine.loadBefore} at the start, ${machine.loadAfter} at the end\n`,
  );
  console.log(terminalTable(figureHeader, figures.map(figureCells)));
  for (const note of notes) console.log(`note: ${note}`);

  mkdirSync(outDir, { recursive: true });
  const subtitle = `${machine.cpuModel} ×${machine.cpuCount}, Node ${machine.node}, ${machine.date.slice(0, 10)}${quick ? ", quick run (tiny sizes)" : ""}`;
  const charts = buildCharts(results, figures, subtitle);
  for (const chart of charts) writeFileSync(join(outDir, chart.file), chart.svg);
  const json = `${JSON.stringify({ machine, quick, sizes, figures, notes, results }, null, 2)}\n`;
  if (dated) writeFileSync(join(outDir, `${machine.date.slice(0, 10)}.json`), json);
  writeFileSync(join(outDir, "latest.json"), json);
  writeFileSync(
    join(outDir, "latest.md"),
    markdownSummary({ machine, quick, figures, notes, charts, sizes }),
  );
  progress(`results written to ${outDir} (json, latest.md, ${charts.map((c) => c.file).join(", ")})`);
}
