// Figures are printed the same way in the terminal table, the Markdown summary and
// the charts, so that a number read in one place can be found in the others.

/** @param {number} value @param {number} [digits] */
export function formatNumber(value, digits = 0) {
  if (!Number.isFinite(value)) return "n/a";
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Bytes as B, kB, MB (1 kB = 1024 B, as bundle budgets are usually written). @param {number} bytes */
export function formatBytes(bytes) {
  if (!Number.isFinite(bytes)) return "n/a";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Milliseconds with a precision that suits their size. @param {number} ms */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return "n/a";
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(0)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/**
 * Formats a figure's value in its unit.
 *
 * @param {number} value
 * @param {string} unit - `req/s`, `ms`, `B`, `records/s`, `payloads/s`, ...
 */
export function formatValue(value, unit) {
  if (unit === "ms") return formatMs(value);
  if (unit === "B") return formatBytes(value);
  if (unit === "×" || unit === "x") return `${formatNumber(value, 2)}×`;
  return `${formatNumber(value, value < 100 ? 1 : 0)} ${unit}`;
}

/** A ratio as `0.86×`. @param {number | null | undefined} ratio */
export function formatRatio(ratio) {
  return ratio == null || !Number.isFinite(ratio) ? "-" : `${ratio.toFixed(2)}×`;
}
