import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The packages released with one version beside `packageName`: its `fixed` group in
 * the changesets config (`.changeset/config.json`), whose every changeset moves them
 * all; just `packageName` without a config or a group.
 *
 * @param changesetDir - the `.changeset` directory
 * @param packageName - e.g. `@wsafe/schema`
 * @example
 * findReleaseGroup(".changeset", "@wsafe/schema"); // ["@wsafe/schema", "@wsafe/client", "@wsafe/server", "@wsafe/conformance"]
 */
export function findReleaseGroup(changesetDir: string, packageName: string): string[] {
  const file = join(changesetDir, "config.json");
  if (!existsSync(file)) return [packageName];
  const { fixed = [] } = JSON.parse(readFileSync(file, "utf8")) as { fixed?: string[][] };
  return fixed.find((group) => group.includes(packageName)) ?? [packageName];
}
