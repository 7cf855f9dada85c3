import { fontFamily, seriesColors, svgText } from "./svgText.mjs";

/**
 * @typedef {object} PercentileSeries
 * @property {string} label
 * @property {{ p: number, value: number }[]} points - percentile (0-100) → milliseconds
 * @property {boolean} [dashed] - drawn dashed (the peers), solid for wsafe
 */

/**
 * Where a percentile sits on the "log" x axis: the number of nines, so that the tail
 * (99 %, 99.9 %) gets as much room as the first 90 %, as latency plots usually do.
 *
 * @param {number} p - percentile, 0-100
 * @param {number} maxNines - where the axis ends (3 = 99.9 %)
 */
export function ninesPosition(p, maxNines) {
  if (p <= 0) return 0;
  if (p >= 100) return maxNines;
  return Math.min(maxNines, -Math.log10(1 - p / 100));
}

/**
 * A "nice" upper bound for an axis and its tick step: 1, 2 or 5 times a power of ten.
 *
 * @param {number} max - the largest value to show (> 0)
 * @returns {{ top: number, step: number }}
 */
export function niceAxis(max) {
  if (!(max > 0)) return { top: 1, step: 0.25 };
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return { top: Math.ceil(max / step - 1e-9) * step, step };
}

/**
 * Draws latency percentile curves: x is the percentile, y the latency in milliseconds,
 * one line per series.
 *
 * @param {readonly PercentileSeries[]} series
 * @param {{ title: string, subtitle?: string, xScale?: "nines" | "linear", maxNines?: number, yLabel?: string }} options
 * @returns {string} a standalone SVG document
 */
export function percentileChart(
  series,
  { title, subtitle = "", xScale = "nines", maxNines = 3, yLabel = "ms" },
) {
  const width = 860;
  const height = 440;
  const left = 70;
  const right = 250;
  const top = subtitle ? 72 : 52;
  const bottom = 56;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const values = series.flatMap((s) => s.points.map((pt) => pt.value)).filter(Number.isFinite);
  const { top: yTop, step } = niceAxis(Math.max(...values, 0));
  const xOf = (/** @type {number} */ p) =>
    left + (xScale === "nines" ? ninesPosition(p, maxNines) / maxNines : p / 100) * plotW;
  const yOf = (/** @type {number} */ v) => top + plotH - (Math.min(v, yTop) / yTop) * plotH;
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${fontFamily}" font-size="13">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="28" font-size="17" font-weight="600" fill="#1a1a1a">${svgText(title)}</text>`,
  );
  if (subtitle) out.push(`<text x="16" y="50" fill="#555">${svgText(subtitle)}</text>`);
  for (let v = 0; v <= yTop + 1e-9; v += step) {
    const y = yOf(v);
    const text = step < 1 ? v.toFixed(step < 0.1 ? 2 : 1) : String(Math.round(v));
    out.push(
      `<line x1="${left}" y1="${y}" x2="${left + plotW}" y2="${y}" stroke="#e6e6e6"/>`,
      `<text x="${left - 8}" y="${y + 4}" text-anchor="end" fill="#555">${text}</text>`,
    );
  }
  const xTicks =
    xScale === "nines"
      ? [0, 90, 99, 99.9, 99.99, 99.999].filter((p) => ninesPosition(p, 99) <= maxNines + 1e-9)
      : [0, 25, 50, 75, 100];
  for (const p of xTicks) {
    const x = xOf(p);
    out.push(
      `<line x1="${x}" y1="${top}" x2="${x}" y2="${top + plotH}" stroke="#e6e6e6"/>`,
      `<text x="${x}" y="${top + plotH + 18}" text-anchor="middle" fill="#555">${p} %</text>`,
    );
  }
  out.push(
    `<line x1="${left}" y1="${top + plotH}" x2="${left + plotW}" y2="${top + plotH}" stroke="#333"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#333"/>`,
    `<text x="${left + plotW / 2}" y="${height - 14}" text-anchor="middle" fill="#333">percentile of requests${xScale === "nines" ? " (log scale of the tail)" : ""}</text>`,
    `<text x="18" y="${top + plotH / 2}" text-anchor="middle" fill="#333" transform="rotate(-90 18 ${top + plotH / 2})">latency (${svgText(yLabel)})</text>`,
  );
  series.forEach((s, i) => {
    const colour = seriesColors[i % seriesColors.length];
    const pts = s.points.filter((pt) => Number.isFinite(pt.value) && (xScale !== "nines" || pt.p <= 100));
    const path = pts
      .map((pt, j) => `${j === 0 ? "M" : "L"}${xOf(pt.p).toFixed(1)},${yOf(pt.value).toFixed(1)}`)
      .join(" ");
    out.push(
      `<path d="${path}" fill="none" stroke="${colour}" stroke-width="2.5"${s.dashed ? ' stroke-dasharray="7 4"' : ""}/>`,
    );
    for (const pt of pts) {
      out.push(
        `<circle cx="${xOf(pt.p).toFixed(1)}" cy="${yOf(pt.value).toFixed(1)}" r="2.5" fill="${colour}"/>`,
      );
    }
    const ly = top + 8 + i * 22;
    out.push(
      `<line x1="${left + plotW + 18}" y1="${ly}" x2="${left + plotW + 48}" y2="${ly}" stroke="${colour}" stroke-width="2.5"${s.dashed ? ' stroke-dasharray="7 4"' : ""}/>`,
      `<text x="${left + plotW + 56}" y="${ly + 4}" fill="#1a1a1a">${svgText(s.label)}</text>`,
    );
  });
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
