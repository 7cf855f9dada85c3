/**
 * Structure checks of the workspace: the import graph of its source files (read with
 * the TypeScript compiler), its cycles between files and between folders, and the
 * files too long to read as one concept.
 *
 * @example
 * import { findCycles, importGraph, listSourceFiles } from "@wsafe/structure-check";
 * findCycles(importGraph(listSourceFiles(root, ["packages"]))); // []
 *
 * @packageDocumentation
 */
export { findCycles } from "./findCycles.js";
export { folderGraph } from "./folderGraph.js";
export { type ImportGraph, importGraph } from "./importGraph.js";
export { listSourceFiles, sourceExtensions } from "./listSourceFiles.js";
export { type LongFile, longFiles } from "./longFiles.js";
export { type LongFunction, longFunctions } from "./longFunctions.js";
