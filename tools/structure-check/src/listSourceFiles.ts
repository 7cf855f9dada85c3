import { execFileSync } from "node:child_process";
import { join } from "node:path";

/** What counts as source: TypeScript and JavaScript modules, tests included. */
export const sourceExtensions = [".ts", ".mts", ".cts", ".tsx", ".js", ".mjs", ".cjs"] as const;

// Written by tools, not people: a generated file is as long as its input.
const generatedFolders = ["/generated/", "/.generated/", "/dist/", "/node_modules/", "/.astro/"];

/**
 * The source files of the given folders of a git checkout: tracked files and new ones
 * not yet added, never what `.gitignore` hides (builds, generated files, results).
 *
 * @param root - the checkout's root
 * @param folders - folders below it, e.g. `["packages", "apps"]`
 * @returns absolute paths, sorted
 * @example
 * import { listSourceFiles } from "@wsafe/structure-check";
 * listSourceFiles(process.cwd(), ["packages"]); // ["/repo/packages/client/src/createClient.ts", ...]
 */
export function listSourceFiles(root: string, folders: readonly string[]): string[] {
  const listed = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", ...folders],
    {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return [...new Set(listed.split("\0"))]
    .filter((path) => path !== "" && sourceExtensions.some((extension) => path.endsWith(extension)))
    .filter(
      (path) => !path.endsWith(".d.ts") && !generatedFolders.some((folder) => `/${path}`.includes(folder)),
    )
    .map((path) => join(root, path))
    .sort();
}
