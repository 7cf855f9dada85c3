// The built Events page: the schema's words about events, the picture and list of one
// equipment's timeline, the recipe as the generator wrote it, the stream, and the links
// that lead to the page. What it shows from the demo data is run against a real server
// by eventsExamples.test.ts.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { eventCauseMeanings, eventTypeMeanings, streams } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import {
  fallsDueCurlTitles,
  fallsDueFirstPage,
  fallsDueOutput,
  fallsDueOutputTitle,
  fallsDueRequest,
  fallsDueScript,
  fallsDueScriptFile,
} from "../src/generate/events/fallsDueRecipe.js";
import { numberedTimelineEvents, timelineImagePath } from "../src/generate/events/timelineSection.js";
import { curlGet, curlPost } from "../src/generate/examples.js";
import { eventFieldDescription, eventsListParagraph } from "../src/generate/pages/eventsPage.js";
import {
  copiedCode,
  distDir,
  mainHtml,
  pageHtml,
  sectionHtml,
  shows,
  squashText,
  tableRows,
  textOf,
} from "./builtSite.js";

const html = mainHtml(pageHtml("/events/"));

describe("the Events page", () => {
  it("gives every event type and cause with the schema's meaning", () => {
    const rows = tableRows(sectionHtml(html, "what-an-event-is"));
    // Squashed: a tag boundary puts a space where the source has none (`inspection_id`.).
    for (const meanings of [eventTypeMeanings, eventCauseMeanings])
      for (const [name, meaning] of Object.entries(meanings))
        expect(squashText(rows.find((row) => row[0] === name)?.[1] ?? ""), name).toBe(
          squashText(meaning.replaceAll("`", "")),
        );
  });

  it("quotes events.list's own words on events, expected ones, retention and folding", () => {
    for (const start of [
      "An event is",
      "The part of the window",
      "Recorded events are kept",
      "Applying the events",
    ])
      expect(shows(html, eventsListParagraph(start)), start).toBe(true);
    for (const field of ["occurred_at", "from", "to", "expected", "sequence", "id"] as const)
      expect(shows(html, eventFieldDescription(field)), field).toBe(true);
    expect(shows(sectionHtml(html, "retention"), "--events-retention")).toBe(true);
  });

  it("pictures one equipment's timeline and lists its events under the same numbers", () => {
    const section = sectionHtml(html, "one-equipments-timeline");
    expect(section).toContain(`src="${timelineImagePath}"`);
    expect(existsSync(join(distDir, timelineImagePath))).toBe(true);
    const listed = tableRows(section).filter((row) => row.length === 5);
    expect(listed.map((row) => [row[0], row[2], row[4]!.split(":")[0]!.trim()])).toEqual(
      numberedTimelineEvents().map((event) => [
        String(event.number),
        event.schedule_id ? `${event.type} ( ${event.schedule_id} )` : event.type,
        event.cause,
      ]),
    );
  });

  it("shows the recipe's curl lines, its first page, and the script with its output", () => {
    const recipe = sectionHtml(html, "recipe-what-falls-due-this-month");
    expect(copiedCode(recipe, fallsDueCurlTitles.post)).toBe(curlPost("events.list", fallsDueRequest));
    expect(copiedCode(recipe, fallsDueCurlTitles.get)).toBe(curlGet("events.list", fallsDueRequest));
    expect(JSON.parse(copiedCode(recipe, fallsDueCurlTitles.answer))).toEqual(fallsDueFirstPage);
    expect(copiedCode(recipe, fallsDueScriptFile)).toBe(fallsDueScript);
    expect(copiedCode(recipe, fallsDueOutputTitle)).toBe(fallsDueOutput);
    expect(shows(recipe, "for await")).toBe(true);
  });

  it("describes the stream in the schema's words, with its input and both readers", () => {
    const stream = streams["events.stream"];
    const section = sectionHtml(html, "the-stream");
    for (const paragraph of stream.description.split("\n\n"))
      expect(shows(section, paragraph), paragraph).toBe(true);
    expect(tableRows(section).map((row) => row[0])).toEqual(Object.keys(stream.params.shape));
    for (const text of [stream.path, "httpSubscriptionLink", "new EventSource("])
      expect(shows(section, text), text).toBe(true);
  });
});

describe("links to the Events page", () => {
  it("come from the sidebar, after Pagination", () => {
    const page = pageHtml("/errors/");
    expect(page.indexOf('href="/events/"')).toBeGreaterThan(page.indexOf('href="/pagination/"'));
  });

  it("come from the home page's topics and from the events.list page", () => {
    expect(mainHtml(pageHtml("/"))).toContain('href="/events/"');
    expect(mainHtml(pageHtml("/methods/events.list/"))).toContain('href="/events/"');
  });

  it("come from the command line page's --events-retention, to the retention section", () => {
    expect(mainHtml(pageHtml("/command-line/"))).toContain('href="/events/#retention"');
    expect(html).toContain('id="retention"');
  });
});

// The page once promised that an import can remove an equipment; the dataset format
// cannot (an import updates the records it names and keeps the others).
describe("the Events page on what an import changes", () => {
  it("promises no removal of an equipment, and says what an import does instead", () => {
    const text = textOf(mainHtml(pageHtml("/events/")));
    expect(text).not.toMatch(/(added or )?removed the equipment|equipment (or schedule )?(that )?is removed/);
    expect(text).toContain("An import never removes an equipment");
    expect(text).toContain(
      "a schedule the import removes, or an equipment moved to another type, has to: null",
    );
  });
});
