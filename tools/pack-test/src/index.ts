/**
 * The packaging test's helpers: which packages are published, how they are packed,
 * and what a packed manifest and file list must satisfy. `npm run pack` packs with them.
 *
 * @packageDocumentation
 */

export { installCommand } from "./installCommand.js";
export { type Manifest, manifestProblems } from "./manifestProblems.js";
export { type PackedPackage, packPackage, tarballFiles } from "./packPackage.js";
export { type PackedPublishedPackage, packPublished } from "./packPublished.js";
export { type PublishedPackage, publishedPackages } from "./publishedPackages.js";
export { unwantedFiles } from "./unwantedFiles.js";
