// The results of a mutate-contract run, as the table the README below and the docs
// site's mutation testing page show (apps/docs reads results.json and writes the same
// table; a docs test requires the README to hold it).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** One Markdown table cell, escaped as the docs' `cell()` does. */
function cell(text) {
  return (
    text
      .replaceAll("\\|", "|")
      .replaceAll("|", "\\|")
      .replaceAll(/\r?\n+/g, " ")
      .trim() || " "
  );
}

const verdictText = { caught: "yes", equivalent: "equivalent", survived: "**no**" };

/**
 * The results table: one row per mutation.
 *
 * @param results - what results.json holds
 */
export function resultsTable(results) {
  const line = (cells) => `| ${cells.map(cell).join(" | ")} |`;
  const head = ["group", "mutation", "file", "caught", "by"];
  return [
    line(head),
    line(head.map(() => "---")),
    ...results.mutations.map((m) => line([m.group, m.name, `\`${m.file}\``, verdictText[m.verdict], m.by])),
  ].join("\n");
}

/** The run in one sentence. */
export function resultsSummary(results) {
  const count = (verdict) => results.mutations.filter((m) => m.verdict === verdict).length;
  const equivalent = count("equivalent");
  return `${count("caught")} of ${results.mutations.length - equivalent} mutations caught, ${equivalent} equivalent (they change no behaviour); server suites on ${results.stores}, fast-check seed ${results.seed}, ${results.minutes} min on ${results.measuredOn}.`;
}

const start = "<!-- mutation:contract results: written by --publish -->";
const end = "<!-- end of results -->";

/**
 * Writes results.json beside this script and the table into its README, between the
 * markers there.
 *
 * @param results - the run's results
 */
export function publishResults(results) {
  const dir = import.meta.dirname;
  writeFileSync(join(dir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  const readmePath = join(dir, "README.md");
  const readme = readFileSync(readmePath, "utf8");
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md lacks the markers ${start} ... ${end}`);
  const block = `${start}\n\n${resultsSummary(results)}\n\n${resultsTable(results)}\n\n`;
  writeFileSync(readmePath, `${readme.slice(0, from)}${block}${readme.slice(to)}`);
}
