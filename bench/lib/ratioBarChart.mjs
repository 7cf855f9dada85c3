import { fontFamily, svgText } from "./svgText.mjs";

/**
 * @typedef {object} RatioBar
 * @property {string} label - what was compared, e.g. `resources.list req/s (HTTPS)`
 * @property {number} share - wsafe's speed as a share of its peer's: 1 = as fast as the peer
 * @property {string} note - the raw ratio as people read it, e.g. `0.86× bare Fastify`
 * @property {number | null} goal - the share the goal asks for, or null when there is none
 * @property {boolean | null} met - whether the goal was met; null when there is none
 */

const colours = { met: "#1b7e3c", missed: "#c0392b", none: "#5b6b7a" };

/**
 * Draws horizontal bars of wsafe's speed as a share of each peer's (100 % = the peer).
 * Every ratio is turned into "higher is better" first, so one axis serves both the
 * requests/s of the pipeline and the seconds of the big list; the goal of each row is
 * drawn as a tick across its bar.
 *
 * @param {readonly RatioBar[]} bars
 * @param {{ title: string, subtitle?: string }} text
 * @returns {string} a standalone SVG document
 */
export function ratioBarChart(bars, { title, subtitle = "" }) {
  const labelWidth = 400;
  const plotWidth = 400;
  const noteWidth = 330;
  const rowHeight = 30;
  const top = subtitle ? 70 : 52;
  const width = labelWidth + plotWidth + noteWidth;
  const height = top + bars.length * rowHeight + 66;
  const finite = bars.map((b) => b.share).filter(Number.isFinite);
  // The axis ends at 300 % at most: past that, a bar is clipped and says so with an arrow.
  const max = Math.min(3, Math.max(1.25, Math.ceil(Math.max(0, ...finite) * 4) / 4));
  const tickStep = max <= 1.5 ? 0.25 : 0.5;
  const x = (/** @type {number} */ share) => labelWidth + (Math.min(share, max) / max) * plotWidth;
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${fontFamily}" font-size="13">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="28" font-size="17" font-weight="600" fill="#1a1a1a">${svgText(title)}</text>`,
  );
  if (subtitle) out.push(`<text x="16" y="50" fill="#555">${svgText(subtitle)}</text>`);
  const bottom = top + bars.length * rowHeight;
  for (let tick = 0; tick <= max + 1e-9; tick += tickStep) {
    const tx = x(tick);
    const strong = Math.abs(tick - 1) < 1e-9;
    out.push(
      `<line x1="${tx}" y1="${top - 6}" x2="${tx}" y2="${bottom}" stroke="${strong ? "#333" : "#e3e3e3"}" stroke-width="${strong ? 1.5 : 1}"/>`,
      `<text x="${tx}" y="${bottom + 18}" text-anchor="middle" fill="#555">${Math.round(tick * 100)} %</text>`,
    );
  }
  out.push(
    `<text x="${labelWidth + plotWidth / 2}" y="${bottom + 38}" text-anchor="middle" fill="#333">wsafe's speed as a share of its peer's (solid line: 100 %, as fast as the peer)</text>`,
  );
  bars.forEach((bar, i) => {
    const y = top + i * rowHeight;
    const colour = bar.met === true ? colours.met : bar.met === false ? colours.missed : colours.none;
    const share = Number.isFinite(bar.share) ? bar.share : 0;
    out.push(
      `<text x="${labelWidth - 10}" y="${y + 19}" text-anchor="end" fill="#1a1a1a">${svgText(bar.label)}</text>`,
      `<rect x="${labelWidth}" y="${y + 6}" width="${Math.max(1, x(share) - labelWidth)}" height="${rowHeight - 12}" fill="${colour}" rx="2"/>`,
    );
    if (share > max) {
      const end = labelWidth + plotWidth;
      out.push(
        `<path d="M${end + 2},${y + 4} L${end + 10},${y + rowHeight / 2} L${end + 2},${y + rowHeight - 4} Z" fill="${colour}"/>`,
      );
    }
    if (bar.goal != null) {
      const gx = x(bar.goal);
      out.push(
        `<line x1="${gx}" y1="${y + 2}" x2="${gx}" y2="${y + rowHeight - 2}" stroke="#111" stroke-width="2" stroke-dasharray="3 2"/>`,
      );
    }
    const status = bar.met === true ? "goal met" : bar.met === false ? "goal missed" : "no goal";
    out.push(
      `<text x="${labelWidth + plotWidth + 16}" y="${y + 19}" fill="${colour}">${svgText(`${bar.note} · ${status}`)}</text>`,
    );
  });
  out.push(
    `<text x="${labelWidth + plotWidth / 2}" y="${bottom + 56}" text-anchor="middle" font-size="12" fill="#555">dashed tick: the goal of the row · green: met · red: missed · grey: no goal</text>`,
    "</svg>",
  );
  return `${out.join("\n")}\n`;
}
