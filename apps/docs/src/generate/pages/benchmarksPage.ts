// The benchmarks page: bench/results/latest.md and its SVG charts, when a benchmark
// run has written them.
import { frontMatter, page, table } from "../markdown.js";
import { demoteHeadings } from "./changelogPage.js";

/** Where the site serves the benchmark charts. */
export const benchmarkAssetPath = "/benchmarks/";

const wideHeader = "| workload | figure | wsafe | peer | peer value | ratio | goal | met? |";

/** The cells of one Markdown table row, `\|` kept as a literal bar. */
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/**
 * The results table of latest.md in five columns instead of eight: the workload leads
 * the figure's cell when it changes, the peer's name and value share one, the ratio
 * carries its goal. Eight columns ran 1 029 px wide in the page's 652 px column; every
 * figure is still there.
 *
 * @param markdown - latest.md (other text is kept as it is)
 */
export function narrowBenchmarkTable(markdown: string): string {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.trim() === wideHeader);
  if (start < 0) return markdown;
  let end = start + 2;
  while (end < lines.length && lines[end]!.trim().startsWith("|")) end++;
  let workload = "";
  const rows = lines.slice(start + 2, end).map((line) => {
    const [work, figure, wsafe, peer, peerValue, ratio, goal, met] = cellsOf(line);
    const lead = work === workload ? "" : `**${work}**: `;
    // Identifiers (include_null_metavalues, JSON.stringify) as code, which breaks where the column needs it.
    const figureText = figure!.replace(/(?<![`\w])([A-Za-z]+[._][\w.]*\w)(?![`\w])/g, "`$1`");
    const peerText = peer!.replace(/(?<![`\w])([A-Za-z]+[._][\w.]*\w)(?![`\w])/g, "`$1`");
    workload = work!;
    return [`${lead}${figureText}`, wsafe!, `${peerValue}, ${peerText}`, `${ratio} (goal ${goal})`, met!];
  });
  const narrow = table(["figure", "wsafe", "peer", "ratio", "met?"], rows);
  return [...lines.slice(0, start), narrow, ...lines.slice(end)].join("\n");
}

/** The Markdown of the benchmarks page; `svgNames` are the chart files copied beside the site. */
export function benchmarksPage(latest: string | undefined, svgNames: readonly string[]): string {
  const intro = frontMatter({
    title: "Benchmarks",
    description: "Latest results of the project's benchmarks (pnpm bench).",
  });
  if (latest === undefined) {
    return page(
      intro,
      "No benchmark results yet. `npm run bench` writes them to `bench/results/`; the next docs build shows them here.",
    );
  }
  // latest.md links its charts relative to bench/results/; on the site they live under /benchmarks/.
  // Its title stays (demoted), since it says which run this is (e.g. a quick run).
  const body = narrowBenchmarkTable(demoteHeadings(latest)).replace(
    /\]\((?:\.\/)?([^)/\s]+\.svg)\)/g,
    (_match, file: string) => `](${benchmarkAssetPath}${file})`,
  );
  const referenced = new Set([...body.matchAll(/\/benchmarks\/([^)\s]+\.svg)/g)].map((match) => match[1]));
  const unreferenced = svgNames.filter((name) => !referenced.has(name));
  return page(
    intro,
    body.trim(),
    unreferenced.length > 0 && "## Charts",
    ...unreferenced.map((name) => `![${name.replace(/\.svg$/, "")}](${benchmarkAssetPath}${name})`),
  );
}
