/** A package the workspace publishes, and where it lives. */
export interface PublishedPackage {
  name: string;
  /** Its directory, relative to the workspace root. */
  dir: string;
}

/**
 * Every package consumers install. The packaging test packs each that is built and
 * says loudly which it skipped.
 */
export const publishedPackages: readonly PublishedPackage[] = [
  { name: "@wsafe/schema", dir: "packages/schema" },
  { name: "@wsafe/client", dir: "packages/client" },
  { name: "@wsafe/server", dir: "apps/server" },
  { name: "@wsafe/conformance", dir: "packages/conformance" },
];
