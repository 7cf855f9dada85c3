import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import parseChangeset from "@changesets/parse";

/** A changeset file that bumps the contract's package. */
export interface ContractChangeset {
  /** The file name inside `.changeset/`, e.g. `brave-owls-sing.md`. */
  file: string;
  /** The bump it asks for. */
  type: "major" | "minor" | "patch" | "none";
}

/**
 * The changesets in `dir` that bump `packageName` (the package that publishes the
 * contract), read the way `changeset version` reads them: YAML front matter of
 * `package: bump` lines. A file changesets itself would refuse makes the check fail
 * loudly rather than count as no bump.
 *
 * @param dir - the `.changeset` directory
 * @param packageName - defaults to `@wsafe/schema`
 * @example
 * findContractChangesets(".changeset"); // [{ file: "new-field.md", type: "minor" }]
 */
export function findContractChangesets(dir: string, packageName = "@wsafe/schema"): ContractChangeset[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  const found: ContractChangeset[] = [];
  for (const file of files.sort()) {
    if (!file.endsWith(".md") || file.toLowerCase() === "readme.md") continue;
    const text = readFileSync(join(dir, file), "utf8");
    let releases: { name: string; type: string }[];
    try {
      releases = parseChangeset(text).releases;
    } catch (error) {
      throw new Error(`.changeset/${file} cannot be parsed: ${(error as Error).message}`);
    }
    for (const release of releases) {
      if (release.name === packageName) found.push({ file, type: release.type as ContractChangeset["type"] });
    }
  }
  return found;
}
