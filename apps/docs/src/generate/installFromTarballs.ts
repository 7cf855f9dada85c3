// How to install a published package before it is on a registry: the tarballs that
// `npm run pack` writes (tools/pack-test's packing, tested by installing its output with
// npm outside the workspace). Shared by the pages of the client, validation and the
// conformance kit, so that each says it the same way.
import { createRequire } from "node:module";
import { code } from "./markdown.js";

const require = createRequire(import.meta.url);

/** Where the pages say to write the tarballs. */
export const tarballDirectory = "/tmp/wsafe-tarballs";

interface Manifest {
  version: string;
  dependencies?: Record<string, string>;
}

const manifest = (name: string) => require(`${name}/package.json`) as Manifest;

/** `wsafe-client-1.0.0.tgz`: the file `pnpm pack` names for a package. */
export function tarballName(name: string): string {
  return `${name.replace(/^@/, "").replace("/", "-")}-${manifest(name).version}.tgz`;
}

/** The package and the @wsafe packages it needs, dependencies first: what one `npm install` of tarballs takes. */
export function tarballsFor(name: string, seen = new Set<string>()): string[] {
  if (seen.has(name)) return [];
  seen.add(name);
  const own = Object.keys(manifest(name).dependencies ?? {}).filter((dependency) =>
    dependency.startsWith("@wsafe/"),
  );
  return [...own.flatMap((dependency) => tarballsFor(dependency, seen)), name];
}

/** The `npm install` line that `npm run pack -- --out <tarballDirectory>` prints for `name`. */
export function tarballInstallLine(name: string): string {
  return `npm install ${tarballsFor(name)
    .map((item) => `${tarballDirectory}/${tarballName(item)}`)
    .join(" ")}`;
}

/**
 * The install steps of a published package: `npm install`, and, until the packages are
 * on a public registry, the tarballs built from a clone of the repository.
 *
 * @param name - the package, e.g. `@wsafe/client`
 */
export function installSteps(name: string): string[] {
  return [
    code("sh", `npm install ${name}`),
    `Until the packages are on a public registry, that answers 404, and \`npm pack\` in the repository makes a tarball that npm refuses (\`Unsupported URL Type "workspace:"\`). This is the way meanwhile: in a clone of the repository, one command builds every published package and writes installable tarballs; it prints, for each package, the \`npm install\` line that installs its tarball with those it needs. Run the ${name} line in your project:`,
    code(
      "sh",
      [
        "# in the clone of the repository (Node and npm are all it needs)",
        `npm run pack -- --out ${tarballDirectory}`,
        `# in your project: the ${name} line it printed`,
        tarballInstallLine(name),
      ].join("\n"),
    ),
  ];
}
