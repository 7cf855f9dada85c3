// Every TSDoc `@see` link of the published packages that points at this site must land
// on a built page, and on an element of it when it names a `#fragment`: editors show
// those links on hover, so each one is a promise that the page exists.
import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { distDir } from "./builtSite.js";
import { docsOrigin, linkProblem, publishedSeeLinks, publishedSourceRoots, seeLinksIn } from "./seeLinks.js";

if (!existsSync(join(distDir, "index.html"))) {
  throw new Error("apps/docs/dist is missing: run `pnpm --filter @wsafe/docs build` before the tests");
}

const links = publishedSeeLinks();

describe(publishedSourceRoots, () => {
  it("covers the source of every published package, and no private one", () => {
    const roots = publishedSourceRoots().map((root) => root.split(sep).slice(-3, -1).join("/"));
    expect(roots).toEqual(
      expect.arrayContaining(["apps/server", "packages/client", "packages/conformance", "packages/schema"]),
    );
    expect(roots).not.toContain("apps/docs");
  });
});

describe(seeLinksIn, () => {
  it("reads @see URLs on the docs origin from TSDoc comments only, with their lines", () => {
    const source = [
      "/**",
      " * Lists things.",
      ` * @see ${docsOrigin}/methods/#index`,
      " * @see https://example.com/elsewhere/",
      " */",
      `// @see ${docsOrigin}/line-comment/`,
      `/** One line. @see {@link ${docsOrigin}/client/errors/} */`,
      "/**",
      " * @see",
      ` *   ${docsOrigin}/client/retries/.`,
      " * @example",
      ` * fetch("${docsOrigin}/not-a-see/");`,
      " */",
    ].join("\n");
    expect(seeLinksIn(source, "x.ts")).toEqual([
      { file: "x.ts", line: 3, url: `${docsOrigin}/methods/#index` },
      { file: "x.ts", line: 7, url: `${docsOrigin}/client/errors/` },
      { file: "x.ts", line: 10, url: `${docsOrigin}/client/retries/` },
    ]);
  });

  it("finds the links of the published packages", () => {
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => /\.test(-d)?\.ts$|\/test\//.test(link.file))).toEqual([]);
  });
});

describe(linkProblem, () => {
  it("refuses a path the site does not have", () => {
    expect(linkProblem(`${docsOrigin}/no-such-page/`)).toMatch(/no page at \/no-such-page\//);
    expect(linkProblem(`${docsOrigin}/v1/schemas/NoSuchRecord.json`)).toMatch(/no page at/);
  });

  it("refuses a fragment that names no element of the page", () => {
    expect(linkProblem(`${docsOrigin}/errors/#no-such-anchor`)).toMatch(
      /no element with id "no-such-anchor"/,
    );
  });

  it("refuses a page URL without its trailing slash, and another origin", () => {
    expect(linkProblem(`${docsOrigin}/errors`)).toMatch(/trailing slash/);
    expect(linkProblem("https://example.com/errors/")).toMatch(/not on/);
  });

  it("accepts a page, an element on it, and a published file", () => {
    expect(linkProblem(`${docsOrigin}/errors/`)).toBeUndefined();
    expect(linkProblem(`${docsOrigin}/errors/#token_invalid`)).toBeUndefined();
    expect(linkProblem(`${docsOrigin}/v1/openapi.json`)).toBeUndefined();
  });
});

describe("every @see link to the docs site", () => {
  it.each(links.map((link) => [`${link.url} (${link.file}:${link.line})`, link.url] as const))(
    "%s resolves on the built site",
    (_name, url) => {
      expect(linkProblem(url)).toBeUndefined();
    },
  );
});
