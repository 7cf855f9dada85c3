// Whether what a page shows fits the column it stands in, measured in the browser: at
// 1 280 px the Command line page's tables ran 1 266 px wide in a 652 px column, their
// descriptions and defaults off-screen behind a scroll bar nobody saw.
import type { Page } from "playwright-core";
import { distFiles } from "./builtSite.js";

/** Every page of the built site, as URL paths (`/`, `/errors/`, ...). */
export const sitePages = (): string[] =>
  distFiles()
    .filter((file) => file.endsWith("/index.html"))
    .map((file) => file.slice(0, -"index.html".length));

/**
 * Every table, code block and try-it answer on the page that is wider than its column or
 * hides part of its content behind a scroll bar, described for a failure message; hidden
 * elements (a try-it answer not sent yet) do not count.
 *
 * @param page - the page, loaded
 */
export function columnOverflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("main table, main pre, main .try-it-body")) {
      if (element.offsetParent === null) continue;
      const column = (element.closest(".sl-markdown-content") ??
        element.closest("main"))!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      const cut = element.scrollWidth > element.clientWidth + 1;
      if (cut || box.right > column.right + 1 || box.left < column.left - 1)
        found.push(
          `${element.tagName.toLowerCase()} of ${Math.round(box.width)} px (its content ${element.scrollWidth} px) in a column of ${Math.round(column.width)} px: "${(element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 70)}"`,
        );
    }
    return found;
  });
}

/**
 * Every name in the first column of a name table (parameters, fields, options, error
 * identifiers) or of the command line's tables that the browser laid out on more than one
 * line, for a failure message; and how many names it looked at. A name is read whole or
 * not at all: `equipment_i` / `d` read as two words.
 *
 * @param page - the page, loaded
 */
export function brokenNames(page: Page): Promise<{ checked: number; broken: string[] }> {
  return page.evaluate(() => {
    const names = [
      ...document.querySelectorAll<HTMLElement>("main :is(.name-table, .cli-table) td:first-child code"),
    ].filter((name) => name.offsetParent !== null);
    const broken = names
      .filter((name) => name.getClientRects().length > 1)
      .map((name) => `${name.textContent} (${name.getClientRects().length} lines)`);
    return { checked: names.length, broken };
  });
}
