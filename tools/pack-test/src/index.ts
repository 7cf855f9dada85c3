/**
 * The packaging test's helpers: which packages are published, how they are packed,
 * and what a packed manifest and file list must satisfy. `npm run pack` packs with them;
 * the release suite copies the working tree and runs commands as a shell would with them.
 *
 * @packageDocumentation
 */

export { copyWorkingTree } from "./copyWorkingTree.js";
export { type FreshInstall, freshInstall, takeFreshInstall } from "./freshInstall.js";
export { installCommand } from "./installCommand.js";
export { type Manifest, manifestProblems } from "./manifestProblems.js";
export { type PackedPackage, packPackage, tarballFiles } from "./packPackage.js";
export { type PackedPublishedPackage, packPublished } from "./packPublished.js";
export { type PublishedPackage, publishedPackages } from "./publishedPackages.js";
export { shellEnvironment } from "./shellEnvironment.js";
export { unwantedFiles } from "./unwantedFiles.js";
