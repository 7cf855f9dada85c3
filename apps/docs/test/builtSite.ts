// Reads the built site in dist/ for the tests: page HTML, its visible text, and the
// rows of the tables under one heading.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** apps/docs */
export const docsRoot = fileURLToPath(new URL("..", import.meta.url));
/** The built site. */
export const distDir = join(docsRoot, "dist");

/** Every file under dist/, as URL paths (`/methods/users.info/index.html`). */
export function distFiles(dir = distDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory()
      ? distFiles(file)
      : [`/${relative(distDir, file).split(sep).join("/")}`];
  });
}

/** The HTML of the page at a URL path such as `/errors/`. */
export function pageHtml(path: string): string {
  const file = join(distDir, path, "index.html");
  if (!existsSync(file)) throw new Error(`no page at ${path} (looked for ${file})`);
  return readFileSync(file, "utf8");
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  "#x27": "'",
  nbsp: " ",
};

/** The text a reader sees in an HTML fragment: no scripts, styles or tags, entities decoded. */
export function textOf(html: string): string {
  return decodeEntities(
    html.replace(/<(script|style|svg|template)\b[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** HTML entities decoded, nothing else changed. */
function decodeEntities(text: string): string {
  return text.replace(
    /&(#?\w+);/g,
    (match, name: string) =>
      entities[name] ?? (name.startsWith("#") ? String.fromCodePoint(Number(`0${name.slice(1)}`)) : match),
  );
}

/**
 * The text a reader copies from the code block titled `title`: what Expressive Code's
 * copy button holds (`data-code`, lines joined by U+007F), decoded.
 */
export function copiedCode(html: string, title: string): string {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`<span class="title">${escaped}</span>[\\s\\S]*?data-code="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no code block titled ${title}`);
  return decodeEntities(match[1]!).replaceAll("\u007f", "\n");
}

/** The page's main content (Starlight's `<main>`), without the sidebar and header. */
export function mainHtml(html: string): string {
  const match = /<main\b[\s\S]*<\/main>/i.exec(html);
  if (!match) throw new Error("page has no <main>");
  return match[0];
}

/** The HTML from the heading with `id` to the next heading of the same or higher level. */
export function sectionHtml(html: string, id: string): string {
  const start = html.search(new RegExp(`<h([1-6])[^>]*\\bid="${id}"`));
  if (start < 0) throw new Error(`no heading #${id}`);
  const level = Number(html[start + 2]);
  const rest = html.slice(start + 1);
  const end = rest.search(new RegExp(`<h[1-${level}][\\s>]`));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The text of each cell of each body row of every table in a fragment. */
export function tableRows(html: string): string[][] {
  const bodies = [...html.matchAll(/<tbody>([\s\S]*?)<\/tbody>/g)].map((match) => match[1]!);
  return bodies.flatMap((body) =>
    [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1]!)),
    ),
  );
}

/**
 * Text for containment checks: whitespace removed, since tag boundaries (`<code>x</code>;`)
 * put spaces where the source had none.
 */
export function squash(html: string): string {
  return textOf(html).replace(/\s+/g, "");
}

/** Plain text (a schema description, a curl line) squashed the same way; Markdown backticks dropped. */
export function squashText(text: string): string {
  return text.replaceAll("`", "").replace(/\s+/g, "");
}

/** Whether the HTML fragment shows the plain text, whitespace aside. */
export function shows(html: string, text: string): boolean {
  return squash(html).includes(squashText(text));
}
