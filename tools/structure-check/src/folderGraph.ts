import { dirname, sep } from "node:path";
import type { ImportGraph } from "./importGraph.js";

/**
 * The two sibling folders an import crosses between, or `undefined` when it stays in
 * one folder or runs between a folder and one of its own subfolders. A folder counts
 * with everything below it: `store/sql/x.ts` importing `pipeline/y.ts` makes `store`
 * import `pipeline`.
 */
function siblingEdge(from: string, to: string): [string, string] | undefined {
  const a = dirname(from).split(sep);
  const b = dirname(to).split(sep);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  // The same folder, or one holds the other (an index using its parts, a part using its folder's shared files).
  if (common === a.length || common === b.length) return undefined;
  return [a.slice(0, common + 1).join(sep), b.slice(0, common + 1).join(sep)];
}

/**
 * The import graph between sibling folders: folder A imports its sibling B when a file
 * anywhere below A imports a file anywhere below B. A folder and its own subfolders
 * may use each other (an index and its parts, parts and their folder's shared types);
 * the file graph already refuses any cycle among files, so what this adds is the
 * layering: two siblings never depend on each other, directly or through others.
 *
 * @param graph - the files' import graph
 * @example
 * import { findCycles, folderGraph, importGraph } from "@wsafe/structure-check";
 * findCycles(folderGraph(importGraph(files))); // [["/repo/apps/server/src/pipeline", "/repo/apps/server/src/trpc"]]
 */
export function folderGraph(graph: ImportGraph): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    for (const target of targets) {
      const edge = siblingEdge(file, target);
      if (!edge) continue;
      const [from, to] = edge;
      folders.set(from, (folders.get(from) ?? new Set()).add(to));
      if (!folders.has(to)) folders.set(to, new Set());
    }
  }
  return folders;
}
