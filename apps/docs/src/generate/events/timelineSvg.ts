// Draws one equipment's timeline as a standalone SVG: a lane per schedule and one for
// the equipment's overall status, each coloured by status between its events, a numbered
// marker at each event, and the event dates on a time axis. Made at build time from the
// events `timelineEvents` computes; the page's table lists the same numbers.
import type { Status } from "@wsafe/schema";
import { escapeHtml } from "../markdown.js";
import type { TimelineEvent } from "./timelineEvents.js";

/** What the picture shows: the lanes' events, numbered in list order from 1. */
export interface TimelinePicture {
  title: string;
  subtitle: string;
  /** Lane labels in drawing order, each with its events (a schedule's, or the equipment's). */
  lanes: readonly { label: string; events: readonly (TimelineEvent & { number: number })[] }[];
  /** Where the axis ends (ms): a little after the last event, so its band shows. */
  end: number;
}

/**
 * Okabe-Ito colours, which stay apart for colour-blind readers (as the benchmark charts'),
 * each band also named in words; the text colour is the one readable on it.
 */
const statusColours: Record<Status, { fill: string; text: string }> = {
  uptodate: { fill: "#009E73", text: "#ffffff" },
  expiring: { fill: "#E69F00", text: "#1a1a1a" },
  expired: { fill: "#D55E00", text: "#ffffff" },
};

const fontFamily = "system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', sans-serif";
const width = 760;
const plotLeft = 170;
const plotRight = width - 30;
const laneHeight = 30;
const laneGap = 34;
const top = 96;

/** `8 Dec`, or `1 Dec 2026` for the first date of a year on the axis. */
function dayLabel(instant: number, withYear: boolean): string {
  return new Date(instant).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });
}

/**
 * The SVG document of one equipment's timeline.
 *
 * @example
 * writeFileSync("timeline.svg", timelineSvg({ title, subtitle, lanes, end }));
 */
export function timelineSvg({ title, subtitle, lanes, end }: TimelinePicture): string {
  const all = lanes.flatMap((lane) => lane.events);
  const start = Math.min(...all.map((event) => event.occurred_at));
  const x = (instant: number) => plotLeft + ((instant - start) / (end - start)) * (plotRight - plotLeft);
  const laneTop = (index: number) => top + index * (laneHeight + laneGap);
  const axisY = laneTop(lanes.length) - laneGap + 18;
  const height = axisY + 64;
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${fontFamily}" font-size="13" role="img">`,
    `<title>${escapeHtml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="16" y="28" font-size="17" font-weight="600" fill="#1a1a1a">${escapeHtml(title)}</text>`,
    `<text x="16" y="50" fill="#555">${escapeHtml(subtitle)}</text>`,
  ];
  // The legend: every status with its colour, and what a marker is.
  let legendX = 16;
  for (const [status, colour] of Object.entries(statusColours)) {
    out.push(
      `<rect x="${legendX}" y="62" width="14" height="14" fill="${colour.fill}"/>`,
      `<text x="${legendX + 20}" y="74" fill="#333">${status}</text>`,
    );
    legendX += 30 + status.length * 8;
  }
  out.push(
    `<circle cx="${legendX + 8}" cy="69" r="8" fill="#ffffff" stroke="#1a1a1a" stroke-width="1.5"/>`,
    `<text x="${legendX + 8}" y="73" text-anchor="middle" font-size="10" fill="#1a1a1a">n</text>`,
    `<text x="${legendX + 22}" y="74" fill="#333">event n of the table below</text>`,
  );
  // A dashed guide at each instant where something happens, under everything else.
  const instants = [...new Set(all.map((event) => event.occurred_at))].sort((a, b) => a - b);
  for (const instant of instants)
    out.push(
      `<line x1="${x(instant)}" y1="${top - 8}" x2="${x(instant)}" y2="${axisY}" stroke="#bbb" stroke-dasharray="3 3"/>`,
    );
  lanes.forEach((lane, index) => {
    const y = laneTop(index);
    out.push(
      `<text x="${plotLeft - 16}" y="${y + laneHeight / 2 + 5}" text-anchor="end" fill="#1a1a1a">${escapeHtml(lane.label)}</text>`,
    );
    // Each event's `to` holds until the lane's next event, or the end of the axis.
    lane.events.forEach((event, at) => {
      if (!event.to) return;
      const from = x(event.occurred_at);
      const to = x(lane.events[at + 1]?.occurred_at ?? end);
      const colour = statusColours[event.to];
      out.push(
        `<rect x="${from}" y="${y}" width="${to - from}" height="${laneHeight}" fill="${colour.fill}"/>`,
      );
      // Named in words where it fits, so that the colour is never the only sign.
      if (to - from > event.to.length * 8 + 24)
        out.push(
          `<text x="${(from + to) / 2}" y="${y + laneHeight / 2 + 5}" text-anchor="middle" fill="${colour.text}">${event.to}</text>`,
        );
    });
    // Markers that would overlap on one lane alternate above it.
    let lastX = Number.NEGATIVE_INFINITY;
    let raised = false;
    for (const event of lane.events) {
      const cx = x(event.occurred_at);
      raised = cx - lastX < 20 ? !raised : false;
      lastX = cx;
      const cy = raised ? y - 12 : y + laneHeight / 2;
      out.push(
        `<circle cx="${cx}" cy="${cy}" r="9" fill="#ffffff" stroke="#1a1a1a" stroke-width="1.5"/>`,
        `<text x="${cx}" y="${cy + 4}" text-anchor="middle" font-size="11" font-weight="600" fill="#1a1a1a">${event.number}</text>`,
      );
    }
  });
  out.push(`<line x1="${plotLeft}" y1="${axisY}" x2="${plotRight}" y2="${axisY}" stroke="#333"/>`);
  // Date labels under the axis; one that would run into the previous goes a row lower.
  let previousX = Number.NEGATIVE_INFINITY;
  let row = 0;
  let year = Number.NaN;
  for (const instant of instants) {
    const tx = x(instant);
    row = tx - previousX < 56 ? 1 - row : 0;
    previousX = tx;
    const instantYear = new Date(instant).getUTCFullYear();
    out.push(
      `<line x1="${tx}" y1="${axisY}" x2="${tx}" y2="${axisY + 5}" stroke="#333"/>`,
      `<text x="${tx}" y="${axisY + 20 + row * 16}" text-anchor="middle" fill="#333">${dayLabel(instant, instantYear !== year)}</text>`,
    );
    year = instantYear;
  }
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
