// The built Recording inspections page: the loop pictured and listed, every rule of
// inspections.record and inspections.list in the schema's own words, each parameter and
// field of the Inspection record, the events of cause inspection, and the links that
// lead to the page. Its recipe runs against a demo server in inspectionsRecipe.test.ts.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eventCauseMeanings, inspectionSchema, methods, requestEnvelopeShape } from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { receiverCode, receiverFile } from "../src/generate/inspections/expiringReceiverRecipe.js";
import { inspectionLoop, inspectionLoopImagePath } from "../src/generate/inspections/inspectionLoopSvg.js";
import { eventFieldDescription } from "../src/generate/pages/eventsPage.js";
import { methodParagraph } from "../src/generate/pages/inspectionsPage.js";
import { copiedCode, distDir, mainHtml, pageHtml, sectionHtml, shows, tableRows } from "./builtSite.js";

const html = mainHtml(pageHtml("/inspections/"));
const record = methods["inspections.record"];
const list = methods["inspections.list"];

describe("the Recording inspections page", () => {
  it("pictures the loop, and lists its stages in order", () => {
    const section = sectionHtml(html, "the-loop");
    expect(section).toContain(`src="${inspectionLoopImagePath}"`);
    const svg = readFileSync(join(distDir, inspectionLoopImagePath), "utf8");
    for (const stage of inspectionLoop) {
      expect(svg).toContain(`>${stage.name}</text>`);
      expect(shows(section, stage.name)).toBe(true);
    }
    expect(inspectionLoop.map((stage) => stage.name)).toEqual([
      "falls due",
      "told",
      "inspected",
      "recorded",
      "up to date",
    ]);
  });

  it("quotes every paragraph of inspections.record's description, and inspections.list's rules", () => {
    for (const paragraph of record.description.split("\n\n"))
      expect(shows(html, paragraph), paragraph.slice(0, 40)).toBe(true);
    for (const start of ["Returns the inspections", "Filters:"])
      expect(shows(html, methodParagraph(list, start)), start).toBe(true);
  });

  it("gives each parameter of inspections.record, and each field of the Inspection record", () => {
    const parameters = tableRows(sectionHtml(html, "recording-an-inspection")).map((row) => row[0]);
    expect(parameters).toEqual(
      Object.keys(record.params.shape).filter((name) => !(name in requestEnvelopeShape)),
    );
    const fields = tableRows(sectionHtml(html, "the-history")).map((row) => row[0]);
    expect(fields).toEqual(Object.keys(inspectionSchema.shape));
  });

  it("names every error of the method, and the cause inspection with its meaning", () => {
    const errors = tableRows(sectionHtml(html, "refusals")).map((row) => row[0]);
    for (const error of [...record.ownErrors, "parameter_missing", "parameter_invalid", "token_permission"])
      expect(errors, error).toContain(error);
    const events = sectionHtml(html, "events-of-cause-inspection");
    expect(shows(events, eventCauseMeanings.inspection)).toBe(true);
    expect(shows(events, eventFieldDescription("inspection_id"))).toBe(true);
    expect(shows(events, "accept a cause it does not know")).toBe(true);
  });

  // A write sent without a key that met a dead server cannot be retried by anyone: the
  // page says so, and links the proxy's rule that follows from it.
  it("says why every write needs a key, and where the reference proxy acts on it", () => {
    const section = sectionHtml(html, "retrying-safely-idempotency-keys");
    expect(shows(section, "Send a key with every write.")).toBe(true);
    expect(shows(section, "Without a key, nobody can send it again safely")).toBe(true);
    expect(section).toContain('href="/operate/#reference-deployment"');
  });

  it("shows the recipe's receiver as generated, and is linked from the sidebar and the retries page", () => {
    expect(copiedCode(html, receiverFile)).toBe(receiverCode);
    expect(pageHtml("/webhooks/")).toContain('href="/inspections/"');
    const retries = mainHtml(pageHtml("/client/retries/"));
    expect(retries).toContain('href="/inspections/#retrying-safely-idempotency-keys"');
    expect(pageHtml("/inspections/")).toContain('id="retrying-safely-idempotency-keys"');
    expect(existsSync(join(distDir, "inspections", "index.html"))).toBe(true);
  });
});
