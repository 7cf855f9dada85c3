import { describe, expect, it } from "vitest";
import type { TimelineEvent } from "./timelineEvents.js";
import { timelineSvg } from "./timelineSvg.js";

const day = 86_400_000;
const start = Date.UTC(2026, 11, 1);
const event = (number: number, days: number, to: TimelineEvent["to"]) => ({
  number,
  type: "schedule.status_changed" as const,
  occurred_at: start + days * day,
  cause: days ? ("time" as const) : ("import" as const),
  equipment_id: "eq_1",
  equipmentType_id: "et_1",
  schedule_id: "a",
  from: null,
  to,
});

describe(timelineSvg, () => {
  const svg = timelineSvg({
    title: 'eq_1 <"a" & b>',
    subtitle: "dates",
    lanes: [
      { label: "a", events: [event(1, 0, "uptodate"), event(2, 30, "expiring"), event(3, 31, "expired")] },
    ],
    end: start + 60 * day,
  });

  it("is one SVG document with its title escaped", () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    expect(svg).toContain("<title>eq_1 &lt;&quot;a&quot; &amp; b&gt;</title>");
    expect(svg).not.toContain('<"a"');
  });

  it("draws a numbered marker for every event and a band from each to the next", () => {
    for (const number of [1, 2, 3]) expect(svg).toMatch(new RegExp(`>${number}</text>`));
    // Three bands, besides the white background and the legend's three swatches.
    expect(svg.match(/<rect x="[\d.]+" y="\d+" width="[\d.]+" height="30"/g)).toHaveLength(3);
  });

  it("names a band in words where it fits, and not where it does not", () => {
    // uptodate: 30 days wide; expiring: one day; expired: 29 days to the end.
    expect(svg).toMatch(/>uptodate<\/text>/);
    expect(svg.match(/>expiring<\/text>/g)).toHaveLength(1); // the legend's only
    expect(svg.match(/>expired<\/text>/g)).toHaveLength(2); // the legend's and the band's
  });

  it("labels every event's date, the year where it starts, and moves a crowded label a row down", () => {
    expect(svg).toContain(">1 Dec 2026</text>");
    expect(svg).toContain(">31 Dec</text>");
    const y = (label: string) => Number(new RegExp(`y="(\\d+)"[^>]*>${label}</text>`).exec(svg)![1]);
    expect(y("1 Jan 2027")).toBeGreaterThan(y("31 Dec"));
  });
});
