/**
 * The packaging test's helpers: which packages are published, how they are packed,
 * and what a packed manifest and file list must satisfy.
 *
 * @packageDocumentation
 */
export { type Manifest, manifestProblems } from "./manifestProblems.js";
export { type PackedPackage, packPackage } from "./packPackage.js";
export { type PublishedPackage, publishedPackages } from "./publishedPackages.js";
export { unwantedFiles } from "./unwantedFiles.js";
