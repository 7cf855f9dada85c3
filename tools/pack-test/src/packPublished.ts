import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { type PackedPackage, packPackage } from "./packPackage.js";
import { type PublishedPackage, publishedPackages } from "./publishedPackages.js";

/** One published package, packed. */
export interface PackedPublishedPackage extends PackedPackage {
  name: string;
}

/**
 * Packs every published package of the workspace into `destination` (made if missing),
 * `workspace:*` ranges resolved as publishing does: the tarballs `npm install` takes
 * until the packages are on a registry. `npm run pack -- --out <dir>` runs it after
 * building them; the packaging test installs what that command wrote.
 *
 * @param root - the workspace root
 * @param destination - where the `.tgz` files go
 * @param packages - which to pack; default every published package
 * @example
 * for (const { name, tarball } of packPublished(root, "/tmp/wsafe-tarballs")) console.log(name, tarball);
 */
export function packPublished(
  root: string,
  destination: string,
  packages: readonly PublishedPackage[] = publishedPackages,
): PackedPublishedPackage[] {
  const out = resolve(destination);
  mkdirSync(out, { recursive: true });
  return packages.map((pkg) => ({ name: pkg.name, ...packPackage(join(root, pkg.dir), out) }));
}
