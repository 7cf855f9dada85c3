// Writes everything the site generates from the contract: the Markdown pages under
// src/content/docs/ and the downloadable files under public/. Both are gitignored and
// rewritten on every build, so a page can never lag behind @wsafe/schema.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { methods, schemaNames } from "@wsafe/schema";
import { timelineImage, timelineImageFile } from "./events/timelineSection.js";
import { inspectionLoopImageFile, inspectionLoopSvg } from "./inspections/inspectionLoopSvg.js";
import { readMigrationMarks, readReleaseNotes, upgradeReleases } from "./operate/upgradeReleases.js";
import { authenticationPage } from "./pages/authenticationPage.js";
import { benchmarksPage } from "./pages/benchmarksPage.js";
import { type Changelog, changelogPage } from "./pages/changelogPage.js";
import { clientErrorsPage } from "./pages/clientErrorsPage.js";
import { clientPage } from "./pages/clientPage.js";
import { clientRetriesPage } from "./pages/clientRetriesPage.js";
import { commandLinePage } from "./pages/commandLinePage.js";
import { conformancePage } from "./pages/conformancePage.js";
import { conventionsPage } from "./pages/conventionsPage.js";
import { datasetPage } from "./pages/datasetPage.js";
import { downloadsPage } from "./pages/downloadsPage.js";
import { errorsPage } from "./pages/errorsPage.js";
import { eventsPage } from "./pages/eventsPage.js";
import { inspectionsPage } from "./pages/inspectionsPage.js";
import { methodPage } from "./pages/methodPage.js";
import { methodsIndexPage } from "./pages/methodsIndexPage.js";
import { mutationTestingPage } from "./pages/mutationTestingPage.js";
import { operatePage } from "./pages/operatePage.js";
import { overviewPage } from "./pages/overviewPage.js";
import { paginationPage } from "./pages/paginationPage.js";
import { rateLimitsPage } from "./pages/rateLimitsPage.js";
import { recordPage } from "./pages/recordPage.js";
import { registerPage } from "./pages/registerPage.js";
import { validationPage } from "./pages/validationPage.js";
import { versionsPage } from "./pages/versionsPage.js";
import { webhooksPage } from "./pages/webhooksPage.js";
import { readContractMutations } from "./readContractMutations.js";
import { readMutationScores } from "./readMutationScores.js";
import { readVerifiedTools } from "./readVerifiedTools.js";
import { recordPageNames } from "./sitePaths.js";

/** Where to write, and where the repository's other inputs are. */
export interface SitePaths {
  /** apps/docs */
  docsRoot: string;
  /** the repository root, for CHANGELOG.md files and bench/results */
  repoRoot: string;
}

/** The version of the last release of `@wsafe/server` (its `package.json`, which a release moves). */
function serverVersion(): string {
  return (createRequire(import.meta.url)("@wsafe/server/package.json") as { version: string }).version;
}

/** Writes a file only when its text changes, so that `astro dev` and the content cache see no churn. */
function write(file: string, text: string) {
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

function readChangelogs(repoRoot: string): Changelog[] {
  const changelogs: Changelog[] = [];
  for (const group of ["packages", "apps"]) {
    const groupDir = join(repoRoot, group);
    if (!existsSync(groupDir)) continue;
    for (const dir of readdirSync(groupDir).sort()) {
      const file = join(groupDir, dir, "CHANGELOG.md");
      if (!existsSync(file)) continue;
      const manifest = join(groupDir, dir, "package.json");
      const packageName = existsSync(manifest)
        ? (JSON.parse(readFileSync(manifest, "utf8")).name as string)
        : dir;
      changelogs.push({ packageName, markdown: readFileSync(file, "utf8") });
    }
  }
  return changelogs;
}

/**
 * Makes `dir` hold exactly `files` (relative path → text). Files are written only when
 * they differ and stale ones removed, never the whole folder: a second build running at
 * the same time (turbo in another terminal) then never sees it empty.
 */
function mirrorTexts(dir: string, files: Record<string, string>) {
  for (const stale of filesUnder(dir).filter((path) => !(path in files))) rmSync(join(dir, stale));
  for (const [path, text] of Object.entries(files)) write(join(dir, path), text);
}

/** {@link mirrorTexts} with the text of each source file (relative path → source file). */
function mirrorFiles(dir: string, files: Record<string, string>) {
  mirrorTexts(
    dir,
    Object.fromEntries(Object.entries(files).map(([path, source]) => [path, readFileSync(source, "utf8")])),
  );
}

/** Copies the schema package's generated files to the URLs their `$id`s name. */
function copyDownloads(publicDir: string) {
  const require = createRequire(import.meta.url);
  const files: Record<string, string> = {
    "openapi.json": require.resolve("@wsafe/schema/openapi.json"),
    "openapi-3.2.json": require.resolve("@wsafe/schema/openapi-3.2.json"),
  };
  // A missing file means the schema package was not built; failing here beats a 404.
  for (const name of schemaNames)
    files[`schemas/${name}.json`] = require.resolve(`@wsafe/schema/json-schema/${name}.json`);
  for (const source of Object.values(files))
    if (!existsSync(source)) throw new Error(`${source} is missing: build @wsafe/schema`);
  mirrorFiles(join(publicDir, "v1"), files);
}

/**
 * Copies the charts of the newest benchmark results beside the site: bench/results/
 * (a full run), else bench/results/quick/ (a quick run, which says so in its text).
 */
function copyBenchmarks(
  repoRoot: string,
  publicDir: string,
): { latest: string | undefined; svgNames: string[] } {
  const results = [join(repoRoot, "bench", "results"), join(repoRoot, "bench", "results", "quick")].find(
    (dir) => existsSync(join(dir, "latest.md")),
  );
  const svgNames = results
    ? readdirSync(results)
        .filter((name) => name.endsWith(".svg"))
        .sort()
    : [];
  mirrorFiles(
    join(publicDir, "benchmarks"),
    Object.fromEntries(svgNames.map((name) => [name, join(results!, name)])),
  );
  return { latest: results ? readFileSync(join(results, "latest.md"), "utf8") : undefined, svgNames };
}

/** The generated pages: path under src/content/docs → Markdown. */
export function generatePages(
  repoRoot: string,
  benchmarks: { latest: string | undefined; svgNames: string[] },
) {
  const pages: Record<string, string> = {
    "index.md": overviewPage(),
    "conventions.md": conventionsPage(),
    "authentication.md": authenticationPage(),
    "errors.md": errorsPage(),
    "pagination.md": paginationPage(),
    "events.md": eventsPage(),
    "webhooks.md": webhooksPage(),
    "inspections.md": inspectionsPage(),
    "register.md": registerPage(),
    "rate-limits.md": rateLimitsPage(),
    "dataset.md": datasetPage(),
    "command-line.md": commandLinePage(),
    "operate.md": operatePage({
      releases: upgradeReleases(readMigrationMarks(), readReleaseNotes(repoRoot)).releases,
      lastRelease: serverVersion(),
    }),
    "downloads.md": downloadsPage(readVerifiedTools(repoRoot)),
    "versions.md": versionsPage(),
    "changelog.md": changelogPage(readChangelogs(repoRoot)),
    "benchmarks.md": benchmarksPage(benchmarks.latest, benchmarks.svgNames),
    "mutation-testing.md": mutationTestingPage(readMutationScores(repoRoot), readContractMutations(repoRoot)),
    // The registry's TSDoc `@see` names this page.
    "methods/index.md": methodsIndexPage(),
    // Pages about the packages; their TSDoc `@see` links name them (test/seeLinks.test.ts).
    "client/index.md": clientPage(),
    "client/errors.md": clientErrorsPage(),
    "client/retries.md": clientRetriesPage(),
    "validation.md": validationPage(),
    "conformance.md": conformancePage(),
  };
  // Sidebar order is registry order, and the records' order of sitePaths.ts.
  Object.values(methods).forEach((method, index) => {
    pages[`methods/${method.name}.md`] = methodPage(method, index + 1);
  });
  recordPageNames.forEach((name, index) => {
    pages[`records/${name.toLowerCase()}.md`] = recordPage(name, index + 1);
  });
  return pages;
}

/** Regenerates every page and download of the site. */
export function writeSite({ docsRoot, repoRoot }: SitePaths): { pages: number } {
  const publicDir = join(docsRoot, "public");
  copyDownloads(publicDir);
  const benchmarks = copyBenchmarks(repoRoot, publicDir);
  // The Events page's picture, drawn from the demo equipment's dates.
  mirrorTexts(join(publicDir, timelineImageFile.dir), { [timelineImageFile.name]: timelineImage() });
  // The Recording inspections page's picture of the loop.
  mirrorTexts(join(publicDir, inspectionLoopImageFile.dir), {
    [inspectionLoopImageFile.name]: inspectionLoopSvg(),
  });
  const contentDir = join(docsRoot, "src", "content", "docs");
  const pages = generatePages(repoRoot, benchmarks);
  // The folder holds generated pages only: whatever this run does not write is stale.
  for (const stale of filesUnder(contentDir).filter((path) => !(path in pages)))
    rmSync(join(contentDir, stale));
  for (const [path, markdown] of Object.entries(pages)) write(join(contentDir, path), markdown);
  return { pages: Object.keys(pages).length };
}
