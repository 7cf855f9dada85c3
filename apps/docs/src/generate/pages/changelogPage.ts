// The changelog page: the changesets CHANGELOG.md of every published package, newest
// entries first as changesets writes them, with headings moved one level down.
import { frontMatter, page } from "../markdown.js";

/** One package's changelog file. */
export interface Changelog {
  packageName: string;
  markdown: string;
}

/** Moves every ATX heading down one level (`#` → `##`), leaving code blocks alone. */
export function demoteHeadings(markdown: string): string {
  let inFence = false;
  return markdown
    .split("\n")
    .map((line) => {
      if (/^(```|~~~)/.test(line)) inFence = !inFence;
      return !inFence && /^#{1,5} /.test(line) ? `#${line}` : line;
    })
    .join("\n");
}

/** The Markdown of the changelog page. */
export function changelogPage(changelogs: readonly Changelog[]): string {
  const sections = changelogs.map(({ packageName, markdown }) => {
    // changesets opens the file with `# <package name>`; the section heading says it already.
    const body = markdown.replace(/^#\s+.*\n+/, "");
    return page(`## ${packageName}`, demoteHeadings(body.trim()) || "No releases yet.").trimEnd();
  });
  return page(
    frontMatter({
      title: "Changelog",
      description: "Releases of the published packages, from their changesets changelogs.",
    }),
    "The published packages share one version number (a changesets `fixed` group). Each release's notes come from the package's `CHANGELOG.md`.",
    ...(sections.length ? sections : ["No releases yet: no package has a `CHANGELOG.md` so far."]),
  );
}
