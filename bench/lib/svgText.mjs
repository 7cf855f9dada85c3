/**
 * Escapes text for SVG content and attribute values: labels come from figure names,
 * which may hold `<`, `&` or quotes (`≤ 1.5× "ceiling"`).
 *
 * @param {string | number} text
 */
export function svgText(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The fonts every chart uses: present on Linux, macOS and Windows alike. */
export const fontFamily = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif";

/**
 * Colours that stay apart for colour-blind readers (Okabe-Ito), in series order; then a
 * grey for an eighth series (the full pipeline chart has eight), since Okabe-Ito's own
 * eighth, yellow, hardly shows on white.
 */
export const seriesColors = [
  "#0072B2",
  "#E69F00",
  "#009E73",
  "#CC79A7",
  "#56B4E9",
  "#D55E00",
  "#000000",
  "#999999",
];
