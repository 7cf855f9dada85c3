import { durationWordsInParts } from "@wsafe/schema";

/** Where progress goes: a terminal gets a bar redrawn in place, anything else plain lines. */
export interface ProgressOutput {
  isTTY?: boolean;
  /** The terminal's width in characters. */
  columns?: number;
  write(text: string): unknown;
}

/** Imports of fewer records show no progress: they are over before it could help. */
export const progressThreshold = 10_000;

const REDRAW_MS = 100;

/** A time taken or left, to the next whole second, in the words every duration is written in. */
function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return "?";
  return durationWordsInParts(Math.ceil(seconds) * 1000);
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * The progress display of `wsafe import`: a callback for `importDataset`'s `onProgress`.
 * On a terminal, one line redrawn in place (at most ten times a second) with a bar, the
 * records written, the rate and the time left; elsewhere (a log, a pipe) a plain line at
 * every tenth, `import: 40015/400015 records (10%), 35 000 records/s, 8 seconds left`, the form
 * scripts and tests read.
 *
 * @param out - usually `process.stderr`, so that stdout keeps the summary alone
 * @param now - the clock in milliseconds, for tests
 * @example
 * await importDataset(store, document, { onProgress: importProgress(process.stderr) });
 */
export function importProgress(
  out: ProgressOutput,
  now: () => number = () => performance.now(),
): (done: number, total: number) => void {
  const start = now();
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastTenth = 0;
  return (done, total) => {
    if (total < progressThreshold) return;
    const seconds = (now() - start) / 1000;
    const rate = seconds > 0 ? done / seconds : Number.NaN;
    const left = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
    const percent = Math.floor((done / total) * 100);
    const finished = done >= total;
    if (out.isTTY) {
      if (!finished && now() - lastDraw < REDRAW_MS) return;
      lastDraw = now();
      const text = `${count(done)}/${count(total)} records · ${Number.isFinite(rate) ? count(Math.round(rate)) : "?"}/s · ${finished ? `done in ${duration(seconds)}` : `ETA ${duration(left)}`}`;
      const width = Math.max(10, Math.min(40, (out.columns ?? 80) - text.length - 16));
      const filled = Math.round((done / total) * width);
      const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
      out.write(`\r\x1b[Kimport ${bar} ${String(percent).padStart(3)}% ${text}${finished ? "\n" : ""}`);
      return;
    }
    const tenth = Math.floor(percent / 10);
    if (tenth <= lastTenth && !finished) return;
    lastTenth = tenth;
    const rateText = Number.isFinite(rate) ? `${count(Math.round(rate))} records/s` : "";
    const leftText = finished ? `done in ${duration(seconds)}` : `${duration(left)} left`;
    out.write(
      `import: ${done}/${total} records (${percent}%), ${[rateText, leftText].filter(Boolean).join(", ")}\n`,
    );
  };
}
