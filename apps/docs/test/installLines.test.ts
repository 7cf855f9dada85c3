// What the READMEs and the docs site tell a stranger to run to get the packages. Every
// documented `npx` names its package: `npx wsafe-schema ...` where @wsafe/schema is not
// installed asks the public registry for an unscoped package of that name, which anyone
// could publish. And every `npm install` of an @wsafe package from the registry sits
// beside how to install it until the packages are public (`deploy/README.md` said
// `npm install -g @wsafe/server`, which answers 404).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docsRoot } from "./builtSite.js";

const repoRoot = join(docsRoot, "..", "..");

/** The tracked READMEs of the repository, by their path in it. */
const readmes = execFileSync("git", ["ls-files", "*README.md"], { cwd: repoRoot, encoding: "utf8" })
  .split("\n")
  .filter(Boolean);

/** The generated pages of the site (what dist/ renders), by their path. */
function sitePages(dir = join(docsRoot, "src", "content", "docs")): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? sitePages(file) : name.endsWith(".md") ? [file] : [];
  });
}

const documents = [
  ...readmes.map((path) => ({ name: path, text: readFileSync(join(repoRoot, path), "utf8") })),
  ...sitePages().map((file) => ({ name: file.slice(docsRoot.length), text: readFileSync(file, "utf8") })),
];

/** The commands the published packages install (`wsafe`, `wsafe-schema`, ...), from their manifests. */
const ourCommands = ["packages/schema", "packages/client", "packages/conformance", "apps/server"].flatMap(
  (dir) => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, dir, "package.json"), "utf8")) as {
      bin?: Record<string, string>;
    };
    return Object.keys(manifest.bin ?? {});
  },
);

/** Each `npx` invocation whose command is one of ours without its package named. */
function unnamedNpx(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bnpx((?:\s+-(?:y|-yes))*)\s+([^\s`'"]+)/g)) {
    const command = match[2]!;
    if (command === "-p" || command.startsWith("--package")) continue;
    if (ourCommands.includes(command)) found.push(match[0]);
  }
  return found;
}

describe("the install lines of the READMEs and the docs site", () => {
  it("were all read: the READMEs and the site's pages", () => {
    expect(readmes).toEqual(
      expect.arrayContaining(["README.md", "deploy/README.md", "packages/schema/README.md"]),
    );
    expect(documents.length).toBeGreaterThan(40);
    expect(ourCommands.sort()).toEqual(["wsafe", "wsafe-conformance", "wsafe-schema"]);
  });

  it("name the package of every npx (npx -p @wsafe/schema wsafe-schema)", () => {
    const found = documents.flatMap(({ name, text }) => unnamedNpx(text).map((line) => `${name}: ${line}`));
    expect(found).toEqual([]);
  });

  it("say how to install an @wsafe package until it is public, wherever they install one from the registry", () => {
    const registryInstall = /\bnpm (?:install|i)\b[^\n`]*?\s@wsafe\/[a-z-]+/;
    // A suite's README says what it runs against its own registry (tests/release: Verdaccio), not what to run.
    const found = documents
      .filter(({ name }) => !name.startsWith("tests/"))
      .filter(({ text }) => registryInstall.test(text) && !text.includes("npm run pack"))
      .map(({ name, text }) => `${name}: ${registryInstall.exec(text)![0]}`);
    expect(found).toEqual([]);
  });
});
