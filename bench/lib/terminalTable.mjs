import { formatRatio, formatValue } from "./formatNumbers.mjs";

/** The cells of one figure, shared by the terminal table and the Markdown summary. @param {import("./figures.mjs").Figure} f */
export function figureCells(f) {
  return [
    f.workload,
    f.name,
    formatValue(f.value, f.unit),
    f.peer ?? "-",
    f.peerValue == null ? "-" : formatValue(f.peerValue, f.unit),
    formatRatio(f.ratio),
    f.goal ?? "-",
    f.met === true ? "yes" : f.met === false ? "NO" : "-",
  ];
}

/** The column titles of {@link figureCells}. */
export const figureHeader = ["workload", "figure", "wsafe", "peer", "peer value", "ratio", "goal", "met?"];

/**
 * Lays out rows as a plain-text table with aligned columns (numbers right-aligned).
 *
 * @param {readonly string[]} header
 * @param {readonly string[][]} rows
 */
export function terminalTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const numeric = header.map((_, i) => rows.every((r) => /^[-\d.,]/.test(r[i]) || r[i] === "-"));
  const line = (/** @type {readonly string[]} */ cells) =>
    cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
