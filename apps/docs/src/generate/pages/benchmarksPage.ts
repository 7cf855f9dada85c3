// The benchmarks page: bench/results/latest.md and its SVG charts, when a benchmark
// run has written them.
import { frontMatter, page } from "../markdown.js";
import { demoteHeadings } from "./changelogPage.js";

/** Where the site serves the benchmark charts. */
export const benchmarkAssetPath = "/benchmarks/";

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
  const body = demoteHeadings(latest).replace(
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
