import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chartShare } from "./againstFigures.mjs";
import { formatNumber, formatRatio } from "./formatNumbers.mjs";
import { progress } from "./log.mjs";
import { ratioBarChart } from "./ratioBarChart.mjs";
import { terminalTable } from "./terminalTable.mjs";

/** A figure's value with its unit, fitting a narrow column. @param {number} value @param {string} unit */
const valueText = (value, unit) =>
  Number.isFinite(value) ? `${formatNumber(value, value < 10 ? 2 : value < 100 ? 1 : 0)} ${unit}` : "-";

/** A spread as a percentage of the median, or `-` without one. @param {number | null} spread */
const spreadText = (spread) => (spread === null ? "-" : `${formatNumber(spread * 100, 1)} %`);

/**
 * The rows of the comparison, for the terminal and the Markdown summary.
 *
 * @param {any} run - what `runAgainstBuild` answered
 */
export function againstRows(run) {
  return run.figures.map((/** @type {any} */ f) => [
    f.name,
    valueText(f.workspace.value, f.unit),
    spreadText(f.workspace.spread),
    valueText(f.against.value, f.unit),
    spreadText(f.against.spread),
    formatRatio(f.ratio),
    f.verdict,
  ]);
}

/**
 * Prints the comparison of the workspace build with another build, and writes
 * `against.json`, `against.md` and the chart `against.svg` in `outDir`.
 *
 * @param {any} run - what `runAgainstBuild` answered
 * @param {{ machine: any, quick: boolean, sizes: any, notes: string[] }} context
 * @param {string} outDir
 */
export function writeAgainstOutputs(run, { machine, quick, sizes, notes }, outDir) {
  const other = run.sides[1].label;
  const header = ["figure", "workspace", "spread", other, "spread", "ratio", "verdict"];
  const rows = againstRows(run);
  const title = `the workspace build beside ${other}, taking turns ${run.turns} time(s) a figure`;
  console.log(
    `\nwsafe bench --against=${run.ref}${quick ? " --quick (tiny sizes: figures are not representative)" : ""}`,
  );
  console.log(
    `${machine.cpuModel}, ${machine.cpuCount} cores, Node ${machine.node}, ${machine.date}, commit ${machine.commit}; load ${machine.loadBefore} at the start, ${machine.loadAfter} at the end`,
  );
  console.log(
    `${title}; ratio = workspace ÷ ${other}; spread = each side's own (highest − lowest) ÷ median of its samples; within noise = the ratio differs from 1 by no more than the wider spread\n`,
  );
  console.log(terminalTable(header, rows));
  for (const figure of run.figures)
    for (const note of figure.notes) console.log(`note: ${figure.name}: ${note}`);
  for (const note of notes) console.log(`note: ${note}`);

  mkdirSync(outDir, { recursive: true });
  const subtitle = `${machine.cpuModel} ×${machine.cpuCount}, Node ${machine.node}, ${machine.date.slice(0, 10)}${quick ? ", quick run (tiny sizes)" : ""}`;
  const svg = ratioBarChart(
    run.figures
      .filter((/** @type {any} */ f) => Number.isFinite(f.ratio))
      .map((/** @type {any} */ f) => ({
        label: f.name,
        share: chartShare(f),
        note: `${formatRatio(f.ratio)} ${other}, ${f.verdict}`,
        // The tick: how far below the other build the workspace may fall and be noise.
        goal: f.noise === null ? null : 1 - f.noise,
        met: f.withinNoise === null ? null : f.withinNoise || chartShare(f) >= 1,
      })),
    { title: `wsafe, workspace build, beside ${other} (100 % = the same)`, subtitle },
  );
  writeFileSync(join(outDir, "against.svg"), svg);
  writeFileSync(
    join(outDir, "against.json"),
    `${JSON.stringify({ machine, quick, sizes, notes, run }, null, 2)}\n`,
  );
  const markdown = [
    `# ${title}`,
    "",
    `${subtitle}; commit ${machine.commit}; ${other} is ${run.commit}.`,
    "",
    `| ${header.join(" | ")} |`,
    `| ${header.map(() => "---").join(" | ")} |`,
    ...rows.map((/** @type {string[]} */ row) => `| ${row.join(" | ")} |`),
    "",
    "![the ratios](against.svg)",
    "",
    ...notes.map((note) => `- ${note}`),
  ].join("\n");
  writeFileSync(join(outDir, "against.md"), `${markdown}\n`);
  progress(`results written to ${outDir} (against.json, against.md, against.svg)`);
}
