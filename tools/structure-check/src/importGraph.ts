import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";

/** Which files each file imports: an edge for every relative import that lands on a listed file. */
export type ImportGraph = Map<string, Set<string>>;

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowJs: true,
};

/** Where a relative specifier of `from` lands: the compiler's resolution, else the plain path. */
function resolveImport(specifier: string, from: string): string | undefined {
  const resolved = ts.resolveModuleName(specifier, from, compilerOptions, ts.sys).resolvedModule;
  if (resolved) return resolved.resolvedFileName;
  const plain = resolve(dirname(from), specifier);
  return existsSync(plain) ? plain : undefined;
}

/**
 * Reads every file's imports with the TypeScript compiler's own scanner (static
 * imports, `export ... from`, `import type`, dynamic `import()` and `require()` with a
 * literal) and resolves the relative ones as Node does (`./a.js` is `./a.ts` in
 * source). Package imports (`@wsafe/schema`) are left out: the workspace's package
 * graph, which turbo checks, keeps those one way.
 *
 * @param files - absolute paths; imports that land elsewhere are ignored
 * @example
 * import { importGraph, listSourceFiles } from "@wsafe/structure-check";
 * const graph = importGraph(listSourceFiles(root, ["apps/server"]));
 */
export function importGraph(files: readonly string[]): ImportGraph {
  const listed = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const edges = new Set<string>();
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const target = resolveImport(fileName, file);
      if (target && listed.has(target) && target !== file) edges.add(target);
    }
    graph.set(file, edges);
  }
  return graph;
}
