import { figureCells, figureHeader } from "./terminalTable.mjs";

/** @param {string} cell */
const escapeCell = (cell) => cell.replace(/\|/g, "\\|");

/**
 * One missed goal in words. A goal in copies is on the value itself; every other goal
 * is on the ratio to the peer.
 *
 * @param {import("./figures.mjs").Figure} f
 */
function missedText(f) {
  const measured = f.goal?.includes("copies") ? `${f.value.toFixed(1)} copies` : `${f.ratio?.toFixed(2)}×`;
  // Figures of one workload may share a name and differ by their peer.
  return `${f.name}${f.peer ? ` vs ${f.peer}` : ""} (${measured}, goal ${f.goal})`;
}

/**
 * The Markdown summary of a run: machine facts, the table of figures, the charts and
 * the notes (skipped parts, mismatched answers). README and the docs site link it.
 *
 * @param {{ machine: any, quick: boolean, figures: import("./figures.mjs").Figure[], notes: string[], charts: { file: string, title: string }[], sizes: any }} run
 */
export function markdownSummary({ machine, quick, figures, notes, charts, sizes }) {
  const missed = figures.filter((f) => f.met === false);
  const lines = [
    `# wsafe benchmark results${quick ? " (quick run: tiny sizes, not representative)" : ""}`,
    "",
    `Run on ${machine.date.slice(0, 16).replace("T", " ")} UTC, commit ${machine.commit}.`,
    "",
    `- CPU: ${machine.cpuModel}, ${machine.cpuCount} cores (shared by the servers, the load generator and the bench)`,
    `- Memory: ${machine.memoryMiB} MiB; ${machine.platform}; Node ${machine.node}`,
    `- Load average when the run began / ended: ${machine.loadBefore} / ${machine.loadAfter}`,
    `- Sizes: ${JSON.stringify(sizes)}`,
    "",
    `Goals met: ${figures.filter((f) => f.met === true).length} of ${figures.filter((f) => f.met !== null).length}.` +
      (missed.length ? ` Missed: ${missed.map(missedText).join("; ")}.` : ""),
    "",
    `| ${figureHeader.join(" | ")} |`,
    `| ${figureHeader.map((_, i) => (i >= 2 && i !== 3 ? "---:" : "---")).join(" | ")} |`,
    ...figures.map((f) => `| ${figureCells(f).map(escapeCell).join(" | ")} |`),
    "",
  ];
  if (notes.length) lines.push("## Notes", "", ...notes.map((n) => `- ${n}`), "");
  if (charts.length) {
    lines.push("## Charts", "");
    for (const chart of charts) lines.push(`![${chart.title}](${chart.file})`, "");
  }
  return lines.join("\n");
}
