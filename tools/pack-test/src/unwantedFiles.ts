// What a consumer never needs: tests and their fixtures, source maps (they point at
// sources that are not shipped), sources, build caches and configuration.
const unwanted: [RegExp, string][] = [
  [/\.(test|spec)\.[cm]?[jt]sx?$|\.test-d\.ts$/, "a test"],
  [/(^|\/)(test|tests|__tests__|testing|fixtures)\//, "test code"],
  [/\.map$/, "a source map"],
  [/(^|\/)\.turbo\//, "a turbo cache"],
  [/(^|\/)src\//, "sources"],
  [/(^|\/)node_modules\//, "node_modules"],
  [/\.tsbuildinfo$/, "a TypeScript build cache"],
  [/(^|\/)(tsconfig[^/]*\.json|vitest\.config\.[^/]+|biome\.json|turbo\.json)$/, "build configuration"],
  [/(^|\/)\.(env|npmrc|DS_Store)/, "a local file"],
];

/**
 * The files of a tarball that consumers do not need, each with the reason.
 *
 * @param files - paths inside the package, e.g. `dist/index.js` (without `package/`)
 * @example
 * unwantedFiles(["dist/index.js", "dist/index.js.map"]); // ["dist/index.js.map (a source map)"]
 */
export function unwantedFiles(files: readonly string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const match = unwanted.find(([pattern]) => pattern.test(file));
    if (match) found.push(`${file} (${match[1]})`);
  }
  return found;
}
