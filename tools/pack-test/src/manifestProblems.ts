/** The parts of a package.json the packaging test looks at. */
export interface Manifest {
  name: string;
  version: string;
  license?: string;
  type?: string;
  repository?: string | { type?: string; url?: string; directory?: string };
  engines?: Record<string, string>;
  main?: string;
  types?: string;
  bin?: string | Record<string, string>;
  exports?: unknown;
  files?: string[];
  private?: boolean;
}

type Targets = { condition: string; target: string }[];

/** Every target of an `exports` value, with the condition path that leads to it. */
function exportTargets(value: unknown, condition = ""): Targets {
  if (typeof value === "string") return [{ condition, target: value }];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    exportTargets(inner, condition ? `${condition}.${key}` : key),
  );
}

const toPath = (target: string) => target.replace(/^\.\//, "");

function matches(files: ReadonlySet<string>, target: string): boolean {
  const path = toPath(target);
  if (!path.includes("*")) return files.has(path);
  const [head, tail] = path.split("*") as [string, string];
  return [...files].some((file) => file.startsWith(head) && file.endsWith(tail));
}

/**
 * What a published package.json gets wrong for consumers and provenance: license,
 * repository (with the package's directory), `engines.node`, ESM, `main`/`types`/bin
 * files that exist in the tarball, and `exports` that are complete: `.` and
 * `./package.json` present, every target inside the tarball, every JavaScript entry
 * with its `types` first.
 *
 * @param manifest - the package.json as packed
 * @param files - the tarball's paths (without `package/`)
 * @param dir - the package's directory in the repository, for `repository.directory`
 * @returns one line per problem; empty when none
 */
export function manifestProblems(manifest: Manifest, files: readonly string[], dir: string): string[] {
  const problems: string[] = [];
  const present = new Set(files);
  if (manifest.private) problems.push("is private");
  if (!manifest.license) problems.push("no license");
  const repository =
    typeof manifest.repository === "string" ? { url: manifest.repository } : manifest.repository;
  if (!repository?.url) problems.push("no repository.url");
  if (repository && repository.directory !== dir)
    problems.push(`repository.directory is ${repository.directory}, expected ${dir}`);
  if (!manifest.engines?.node) problems.push("no engines.node");
  if (manifest.type !== "module") problems.push(`type is ${manifest.type}, expected module`);
  for (const field of ["main", "types"] as const) {
    const value = manifest[field];
    if (!value) problems.push(`no ${field}`);
    else if (!present.has(toPath(value))) problems.push(`${field} ${value} is not in the tarball`);
  }
  const bins = typeof manifest.bin === "string" ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {});
  for (const [name, path] of Object.entries(bins))
    if (!present.has(toPath(path))) problems.push(`bin ${name} → ${path} is not in the tarball`);
  const exports = manifest.exports as Record<string, unknown> | undefined;
  if (!exports || typeof exports !== "object") return [...problems, "no exports map"];
  for (const key of [".", "./package.json"])
    if (!Object.hasOwn(exports, key)) problems.push(`exports has no "${key}"`);
  for (const [key, value] of Object.entries(exports)) {
    const targets = exportTargets(value);
    for (const { condition, target } of targets) {
      if (!matches(present, target))
        problems.push(
          `exports["${key}"]${condition ? `.${condition}` : ""} → ${target} is not in the tarball`,
        );
    }
    const isScript = targets.some(({ target }) => /\.[cm]?js$/.test(target));
    if (isScript) {
      const conditions = value && typeof value === "object" ? Object.keys(value) : [];
      if (!conditions.includes("types")) problems.push(`exports["${key}"] has no "types" condition`);
      else if (conditions[0] !== "types") problems.push(`exports["${key}"] does not list "types" first`);
    }
  }
  return problems;
}
