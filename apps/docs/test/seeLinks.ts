// Finds the TSDoc `@see` links of the published packages that point at this site, and
// checks one against the built site in dist/. Editors and the generated API docs of
// every consumer show those links, so a dead one is a dead end in someone's IDE.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { jsonSchemaBaseUrl } from "@wsafe/schema/openapi";
import { distDir } from "./builtSite.js";

/** The repository root. */
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/** The site's published origin, as the schema's `$id`s name it (`https://docs.wsafe.dev`). */
export const docsOrigin = new URL(jsonSchemaBaseUrl).origin;

/** One `@see` URL on the docs origin, and where it is written. */
export interface SeeLink {
  /** The file, relative to the repository root, with `/` separators. */
  file: string;
  /** 1-based line of the URL. */
  line: number;
  url: string;
}

/**
 * The `src/` folders of the workspace's published packages: every package of
 * pnpm-workspace.yaml whose package.json is not `private`. Read rather than listed, so
 * a package published later is covered without touching this test.
 */
export function publishedSourceRoots(root = repoRoot): string[] {
  const workspace = readFileSync(join(root, "pnpm-workspace.yaml"), "utf8");
  const patterns = [...workspace.matchAll(/^\s*-\s*["']?([^"'\s]+)["']?\s*$/gm)].map((match) => match[1]!);
  const dirs = patterns.flatMap((pattern) => {
    if (!pattern.endsWith("/*")) return [pattern];
    const parent = join(root, pattern.slice(0, -2));
    return existsSync(parent) ? readdirSync(parent).map((name) => `${pattern.slice(0, -1)}${name}`) : [];
  });
  return dirs
    .filter((dir) => {
      const manifest = join(root, dir, "package.json");
      return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).private !== true;
    })
    .map((dir) => join(root, dir, "src"))
    .filter((src) => existsSync(src))
    .sort();
}

/**
 * Every TypeScript source file under `dir` that is not a test: no `*.test.ts` or
 * `*.test-d.ts`, nothing in a `test/` folder of test helpers. Those are not part of a
 * package's documented surface.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === "node_modules" || name === "test" ? [] : sourceFiles(path);
    return /\.[cm]?tsx?$/.test(name) && !/\.d\.[cm]?ts$|\.test(-d)?\.[cm]?tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The URLs of the `@see` tags inside the TSDoc comments (`/** ... *\/`) of one source
 * text, on the docs origin. A tag runs to the next tag or the end of its comment, so a
 * URL on the line after `@see`, and the `{@link URL}` form, count too.
 */
export function seeLinksIn(source: string, file: string, origin = docsOrigin): SeeLink[] {
  const host = new URL(origin).host;
  const links: SeeLink[] = [];
  for (const comment of source.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    for (const tag of comment[0].matchAll(/@see\b([\s\S]*?)(?=\s@[a-zA-Z]|\*\/)/g)) {
      for (const url of tag[1]!.matchAll(/https?:\/\/[^\s"'`<>{}|)\]]+/g)) {
        // Trailing punctuation ends a sentence, not the URL.
        const text = url[0].replace(/[.,;:]+$/, "");
        if (new URL(text).host !== host) continue;
        const offset = comment.index! + tag.index! + "@see".length + url.index!;
        links.push({ file, line: source.slice(0, offset).split("\n").length, url: text });
      }
    }
  }
  return links;
}

/** Every `@see` link on the docs origin in the published packages' non-test sources. */
export function publishedSeeLinks(root = repoRoot): SeeLink[] {
  return publishedSourceRoots(root).flatMap((src) =>
    sourceFiles(src).flatMap((path) =>
      seeLinksIn(readFileSync(path, "utf8"), relative(root, path).split(sep).join("/")),
    ),
  );
}

/** The ids of the elements of an HTML page: what a `#fragment` can scroll to. */
function elementIds(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid=(?:"([^"]*)"|'([^']*)')/g)].map((match) => match[1] ?? match[2]!));
}

/**
 * Why a URL on the docs origin does not resolve on the built site in `dir`, or
 * undefined when it does: the page (`/x/` → `x/index.html`) or file (`/v1/openapi.json`)
 * must exist, and a `#fragment` on a page must name an element id there.
 */
export function linkProblem(url: string, dir = distDir): string | undefined {
  const target = new URL(url);
  if (target.origin !== docsOrigin) return `not on ${docsOrigin}`;
  const path = decodeURIComponent(target.pathname);
  const segments = path.split("/").filter(Boolean);
  const isFile = /\.[a-z0-9]+$/i.test(segments.at(-1) ?? "");
  // Pages are folders (`build.format: "directory"`); `/x` works only on hosts that redirect.
  if (!isFile && !path.endsWith("/")) return `${path} lacks the trailing slash of a page URL (${path}/)`;
  const file = join(dir, ...segments, ...(isFile ? [] : ["index.html"]));
  if (!existsSync(file)) return `no page at ${path} (no ${relative(dir, file)} in dist/)`;
  const fragment = decodeURIComponent(target.hash.slice(1));
  if (!fragment) return undefined;
  if (!file.endsWith(".html")) return `#${fragment} on ${path}, which is not a page`;
  return elementIds(readFileSync(file, "utf8")).has(fragment)
    ? undefined
    : `no element with id "${fragment}" on ${path}`;
}
