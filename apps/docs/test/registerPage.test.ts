// The built Keeping the register page, and what the register brought to the generated
// pages: every write and the feed linked, their rules in the schema's own words, the
// record events; a feed's page saying it is not pages and the Pagination page leaving it
// out of its walks; `requiresOneOf` in the parameter tables. Its recipe runs against a
// demo server in registerRecipe.test.ts.
import {
  errorDescriptions,
  methodNames,
  methods,
  recordEventTypeMeanings,
  registerWriteMethods,
} from "@wsafe/schema";
import { describe, expect, it } from "vitest";
import { feedMethods, paginatedMethods } from "../src/generate/pages/paginationPage.js";
import { registerRefusals } from "../src/generate/pages/registerPage.js";
import {
  csvFirst,
  csvNext,
  mirrorCode,
  recipeFiles,
  recipeTitles,
  syncCode,
} from "../src/generate/register/syncRecipe.js";
import { copiedCode, mainHtml, pageHtml, sectionHtml, shows, tableRows } from "./builtSite.js";

const html = mainHtml(pageHtml("/register/"));
const changes = methods["equipments.changes"];

describe("the Keeping the register page", () => {
  it("lists every write of the register, linked, with its summary", () => {
    const rows = tableRows(sectionHtml(html, "the-writes"));
    expect(rows.map((row) => row[0])).toEqual([...registerWriteMethods]);
    for (const [name, summary] of rows) expect(summary).toBe(methods[name as keyof typeof methods].summary);
    for (const name of [...registerWriteMethods, "equipments.changes"])
      expect(html, name).toContain(`href="/methods/${name}/"`);
    expect(rows.find((row) => row[0] === "equipments.update")?.[2]).toBe("id or external_id");
  });

  it("quotes the rules it relies on in the schema's own words", () => {
    for (const [name, start] of [
      ["equipments.create", "`external_id` is your own key"],
      ["equipments.update", "`if_version` makes the change conditional"],
      ["equipments.retire", "Retiring an equipment that is retired already"],
      ["schedules.set", "The dates after the change"],
      ["schedules.remove", "Removes the schedule"],
      ["equipmentTypes.update", "A metafield still set"],
    ] as const) {
      const paragraph = methods[name].description.split("\n\n").find((p) => p.startsWith(start));
      expect(paragraph, `${name}: ${start}`).toBeDefined();
      expect(shows(html, paragraph ?? ""), `${name}: ${start}`).toBe(true);
    }
    const mirror = sectionHtml(html, "the-mirror");
    for (const paragraph of changes.description.split("\n\n").slice(1, 4))
      expect(shows(mirror, paragraph), paragraph.slice(0, 40)).toBe(true);
  });

  it("names every record event type with its meaning, and every refusal the register brought", () => {
    const section = sectionHtml(html, "events");
    expect(tableRows(section).map((row) => row[0])).toEqual(Object.keys(recordEventTypeMeanings));
    for (const meaning of Object.values(recordEventTypeMeanings))
      expect(shows(section, meaning), meaning.slice(0, 40)).toBe(true);
    const refusals = tableRows(sectionHtml(html, "refusals"));
    expect(refusals.map((row) => row[0])).toEqual([...registerRefusals]);
    for (const [identifier] of refusals) expect(html).toContain(`href="/errors/#${identifier}"`);
    // Each is an identifier some register method answers.
    const answered = new Set(
      Object.values(methods).flatMap((method) => method.ownErrors as readonly string[]),
    );
    for (const identifier of registerRefusals) {
      expect(answered.has(identifier), identifier).toBe(true);
      expect(errorDescriptions[identifier]).toBeTruthy();
    }
  });

  it("shows the recipe's files and scripts as generated, and is linked from the sidebar and each method's page", () => {
    expect(copiedCode(html, recipeFiles.csv)).toBe(csvFirst);
    expect(copiedCode(html, recipeTitles.csvNext)).toBe(csvNext);
    expect(copiedCode(html, recipeFiles.sync)).toBe(syncCode);
    expect(copiedCode(html, recipeFiles.mirror)).toBe(mirrorCode);
    expect(pageHtml("/inspections/")).toContain('href="/register/"');
    for (const name of [...registerWriteMethods, "equipments.changes"])
      expect(shows(mainHtml(pageHtml(`/methods/${name}/`)), "Guide: Keeping the register"), name).toBe(true);
  });
});

describe("a feed on the generated pages", () => {
  it("is the registry's equipments.changes, and no paginated method", () => {
    expect(feedMethods.map((method) => method.name)).toEqual(["equipments.changes"]);
    expect(paginatedMethods.map((method) => method.name)).not.toContain("equipments.changes");
  });

  it("says on its page that it is a feed, in its own fields' names; no other page says so", () => {
    const page = mainHtml(pageHtml("/methods/equipments.changes/"));
    const section = sectionHtml(page, "a-feed-not-pages");
    expect(
      shows(
        section,
        "Each answer's changes holds what changed after the cursor you sent, each id at most once, with equipment as it is now",
      ),
    ).toBe(true);
    expect(section).toContain('href="/register/"');
    for (const name of methodNames.filter((name) => !methods[name].feed))
      expect(pageHtml(`/methods/${name}/`), name).not.toContain('id="a-feed-not-pages"');
  });

  it("is left out of the Pagination page's walks, and named there as a feed", () => {
    const page = mainHtml(pageHtml("/pagination/"));
    const walks = tableRows(page).filter((row) => row[0]?.includes("."));
    expect(walks.map((row) => row[0])).toEqual(paginatedMethods.map((method) => method.name));
    expect(shows(page, "equipments.changes takes cursor too, but answers a feed of changes, not pages")).toBe(
      true,
    );
    const client = mainHtml(pageHtml("/client/"));
    expect(shows(client, "every method that answers in pages")).toBe(true);
    expect(shows(client, "A feed (equipments.changes) takes cursor too but never ends")).toBe(true);
  });
});

describe("a method requiring one of its parameters", () => {
  it.each(Object.values(methods).filter((method) => method.requiresOneOf))(
    "$name: says so in the parameter table and above it",
    (method) => {
      const page = mainHtml(pageHtml(`/methods/${method.name}/`));
      const section = sectionHtml(page, "parameters");
      const words = (method.requiresOneOf ?? []).join(" or ");
      const rows = tableRows(section).filter((row) => method.requiresOneOf?.includes(row[0] ?? ""));
      expect(rows.map((row) => row[2])).toEqual((method.requiresOneOf ?? []).map(() => `one of ${words}`));
      expect(
        shows(
          section,
          `One of ${words} is required: a request with neither answers parameter_missing naming both.`,
        ),
      ).toBe(true);
      expect(
        shows(
          mainHtml(pageHtml("/methods/")),
          `${method.requiresOneOf?.[0]} (or ${method.requiresOneOf?.[1]})`,
        ),
      ).toBe(true);
    },
  );
});
