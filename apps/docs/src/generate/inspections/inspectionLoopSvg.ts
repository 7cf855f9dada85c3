// The picture of the Recording inspections page: the loop a safety team lives in, five
// stages round a circle, each arrow labelled with what wsafe does or is told on the way.
import { escapeHtml } from "../markdown.js";

/** One stage of the loop, and what carries it to the next one. */
export interface LoopStage {
  /** The stage, as the page names it. */
  name: string;
  /** Who or what the stage is, in wsafe's terms. */
  detail: string;
  /** What carries the loop to the next stage. */
  next: string;
}

/** The loop, from the stage that starts it. */
export const inspectionLoop: readonly LoopStage[] = [
  { name: "falls due", detail: "expiringOn, then expiresOn", next: "event, cause time" },
  { name: "told", detail: "webhook · events.stream", next: "your team" },
  { name: "inspected", detail: "on site, by a user", next: "inspections.record" },
  { name: "recorded", detail: "the inspection, kept", next: "interval, warning" },
  { name: "up to date", detail: "lastCompletedOn moved", next: "time passes" },
];

/** Where the page's picture is written under `public/`, and served from. */
export const inspectionLoopImageFile = { dir: "inspections", name: "loop.svg" } as const;

/** The picture's path on the site. */
export const inspectionLoopImagePath = `/${inspectionLoopImageFile.dir}/${inspectionLoopImageFile.name}`;

/** The picture's text alternative: the loop in words. */
export const inspectionLoopAltText = `The loop: ${inspectionLoop
  .map(
    (stage, index) =>
      `${stage.name} (${stage.detail}), then by ${stage.next}${index === inspectionLoop.length - 1 ? " back to falls due" : ""}`,
  )
  .join("; ")}.`;

const width = 760;
const height = 580;
const center = { x: width / 2, y: 280 };
const radius = 205;
// Wide enough for the longest detail line at 12.5 px; the arrows' labels sit well outside.
const box = { width: 184, height: 56 };
const labelRadius = radius + 64;

/** The point at `angle` (radians, 0 at the top, clockwise) on a circle of `r` round the centre. */
const at = (angle: number, r: number) => ({
  x: center.x + r * Math.sin(angle),
  y: center.y - r * Math.cos(angle),
});
const round = (n: number) => Math.round(n * 10) / 10;
/**
 * How far along the circle (radians, going `direction`) from a box's centre at `angle`
 * the circle leaves that box, with 8 px to spare: where an arrow may start or end.
 */
function clearOfBox(angle: number, direction: 1 | -1): number {
  const middle = at(angle, radius);
  for (let delta = 0.05; ; delta += 0.01) {
    const point = at(angle + direction * delta, radius);
    if (Math.abs(point.x - middle.x) > box.width / 2 + 8 || Math.abs(point.y - middle.y) > box.height / 2 + 8)
      return delta;
  }
}

const anchorOf = (x: number) => (Math.abs(x - center.x) < 20 ? "middle" : x < center.x ? "end" : "start");

/**
 * The loop as an SVG picture: self-contained (no script, no external font), legible on a
 * light and a dark page (its own background), text as text so search and readers find it.
 */
export function inspectionLoopSvg(): string {
  const step = (2 * Math.PI) / inspectionLoop.length;
  const parts: string[] = [];
  inspectionLoop.forEach((stage, index) => {
    // The arc to the next stage, clear of both boxes, with its label outside the circle.
    const from = at(index * step + clearOfBox(index * step, 1), radius);
    const to = at((index + 1) * step - clearOfBox((index + 1) * step, -1), radius);
    parts.push(
      `<path d="M ${round(from.x)} ${round(from.y)} A ${radius} ${radius} 0 0 1 ${round(to.x)} ${round(to.y)}" fill="none" stroke="#52606d" stroke-width="2" marker-end="url(#arrow)"/>`,
    );
    const label = at((index + 0.5) * step, labelRadius);
    parts.push(
      // Beside the arc, away from the boxes: left of it on the left, right of it on the right.
      `<text x="${round(label.x)}" y="${round(label.y + 4)}" text-anchor="${anchorOf(label.x)}" class="next">${escapeHtml(stage.next)}</text>`,
    );
  });
  inspectionLoop.forEach((stage, index) => {
    const { x, y } = at(index * step, radius);
    const recorded = stage.name === "recorded";
    parts.push(
      `<rect x="${round(x - box.width / 2)}" y="${round(y - box.height / 2)}" width="${box.width}" height="${box.height}" rx="10" fill="${recorded ? "#e3f2e6" : "#f5f7fa"}" stroke="${recorded ? "#2f7d4a" : "#3e4c59"}" stroke-width="${recorded ? 3 : 1.5}"/>`,
      `<text x="${round(x)}" y="${round(y - 3)}" text-anchor="middle" class="name">${escapeHtml(stage.name)}</text>`,
      `<text x="${round(x)}" y="${round(y + 16)}" text-anchor="middle" class="detail">${escapeHtml(stage.detail)}</text>`,
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="loop-title">`,
    `<title id="loop-title">${escapeHtml(inspectionLoopAltText)}</title>`,
    "<style>text{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;fill:#1f2933}.name{font-size:17px;font-weight:600}.detail{font-size:12.5px;fill:#3e4c59}.next{font-size:13px;font-style:italic;fill:#52606d}</style>",
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#52606d"/></marker></defs>',
    `<rect width="${width}" height="${height}" rx="12" fill="#ffffff"/>`,
    `<text x="${center.x}" y="${center.y - 4}" text-anchor="middle" class="name">one schedule</text>`,
    `<text x="${center.x}" y="${center.y + 16}" text-anchor="middle" class="detail">of one equipment</text>`,
    ...parts,
    "</svg>",
  ].join("\n");
}
